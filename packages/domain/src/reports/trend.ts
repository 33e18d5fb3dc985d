export type TTrendDirection = 'increased' | 'decreased' | 'stable';

/** Below this relative change between the fitted first and last day, sales "stayed stable". */
const STABLE_BAND = 0.05;

/**
 * Least-squares fit of y = a + b·x + c·x² over x = 0..n−1 (the report's days in order). Answers the
 * fitted value for each day. Fewer than three points fit a line (or a constant) instead.
 */
export function quadraticTrend(values: readonly number[]): number[] {
  const n = values.length;
  if (n === 0) return [];
  if (n === 1) return [values[0]!];
  const degree = n === 2 ? 1 : 2;
  const size = degree + 1;
  // Normal equations: Σ x^(i+j) · coef_j = Σ x^i · y
  const matrix = Array.from({ length: size }, () => new Array<number>(size + 1).fill(0));
  values.forEach((y, x) => {
    for (let i = 0; i < size; i += 1) {
      for (let j = 0; j < size; j += 1) matrix[i]![j]! += x ** (i + j);
      matrix[i]![size]! += x ** i * y;
    }
  });
  const coefficients = solve(matrix);
  return values.map((_, x) => coefficients.reduce((sum, c, power) => sum + c * x ** power, 0));
}

/** Gaussian elimination with partial pivoting on an augmented matrix. */
function solve(matrix: number[][]): number[] {
  const size = matrix.length;
  for (let col = 0; col < size; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < size; row += 1) {
      if (Math.abs(matrix[row]![col]!) > Math.abs(matrix[pivot]![col]!)) pivot = row;
    }
    [matrix[col], matrix[pivot]] = [matrix[pivot]!, matrix[col]!];
    const lead = matrix[col]![col]!;
    if (lead === 0) continue;
    for (let row = 0; row < size; row += 1) {
      if (row === col) continue;
      const factor = matrix[row]![col]! / lead;
      for (let k = col; k <= size; k += 1) matrix[row]![k]! -= factor * matrix[col]![k]!;
    }
  }
  return matrix.map((row, i) => (row[i] === 0 ? 0 : row[size]! / row[i]!));
}

/** Compares the fitted first and last day: a change within ±5 % of the mean is stable. */
export function trendDirection(values: readonly number[]): TTrendDirection {
  const fitted = quadraticTrend(values);
  if (fitted.length < 2) return 'stable';
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const change = fitted[fitted.length - 1]! - fitted[0]!;
  if (mean === 0 || Math.abs(change) <= STABLE_BAND * Math.abs(mean)) return 'stable';
  return change > 0 ? 'increased' : 'decreased';
}

export function trendSentence(direction: TTrendDirection): string {
  if (direction === 'stable') return 'Sales stayed stable over this period.';
  return `Sales ${direction} over this period.`;
}
