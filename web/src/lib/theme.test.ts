import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { cssVariablesResolver, theme } from './theme';

const colors = theme.colors ?? {};
const WHITE = '#ffffff';
const PAGE = ['#ffffff', '#f8f9fa', '#f1f3f5'];

describe('theme colours (WCAG AA, issue 16)', () => {
  it('gives every colour shades 7 to 9 that read at 4.5:1 as text on the page and under white text', () => {
    for (const [name, shades] of Object.entries(colors)) {
      for (const index of [7, 8, 9]) {
        const shade = shades![index]!;
        for (const background of PAGE)
          expect(
            contrastRatio(shade, background),
            `${name}.${index} on ${background}`,
          ).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contrastRatio(colors.green![7]!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the darker shades apart and leaves the light ones as Mantine made them', () => {
    expect(contrastRatio(colors.green![9]!, WHITE)).toBeGreaterThan(contrastRatio(colors.green![7]!, WHITE));
    expect(colors.green![1]).toBe('#d3f9d8');
  });

  it('makes dimmed, placeholder and light-variant text read at 4.5:1', () => {
    const light = cssVariablesResolver(theme as never).light;
    expect(contrastRatio(light['--mantine-color-dimmed']!, '#e9ecef')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light['--mantine-color-placeholder']!, WHITE)).toBeGreaterThanOrEqual(4.5);
    for (const [name, shades] of Object.entries(colors))
      expect(
        contrastRatio(light[`--mantine-color-${name}-light-color`]!, shades![1]!),
        `${name} light variant`,
      ).toBeGreaterThanOrEqual(4.5);
  });
});
