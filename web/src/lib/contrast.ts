import { darken, luminance } from '@mantine/core';

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The first of `candidates` that reads at `ratio` or more on every one of `backgrounds`; when none
 * does, the last candidate darkened step by step until it does.
 */
export function readableOn(
  candidates: readonly string[],
  backgrounds: readonly string[],
  ratio = 4.5,
): string {
  const reads = (color: string) =>
    backgrounds.every((background) => contrastRatio(color, background) >= ratio);
  const found = candidates.find(reads);
  if (found) return found;
  const last = candidates.at(-1) ?? '#000000';
  for (let step = 0.05; step < 1; step += 0.05) {
    const darker = darken(last, step);
    if (reads(darker)) return darker;
  }
  return '#000000';
}
