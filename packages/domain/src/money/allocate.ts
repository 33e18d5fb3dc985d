/**
 * Splits a total (kobo) over parts in proportion to their weights, to the kobo, with the largest
 * remainders rounded up so the parts add up to the total exactly.
 */
export function allocateProportionally(totalKobo: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  if (weightSum <= 0) return weights.map((_, i) => (i === 0 ? totalKobo : 0));
  const exact = weights.map((w) => (totalKobo * w) / weightSum);
  const parts = exact.map(Math.floor);
  let left = totalKobo - parts.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = parts[index]! + 1;
    left -= 1;
  }
  return parts;
}
