import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableOn } from './contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4263eb', '#4263eb')).toBeCloseTo(1, 5);
  });

  it("measures Mantine's green 7 under white text at 2.7:1 (the Feedback button of issue 16)", () => {
    expect(contrastRatio(DEFAULT_THEME.colors.green[7], '#ffffff')).toBeCloseTo(2.75, 1);
  });
});

describe('readableOn', () => {
  it('keeps the first candidate that reads on every background', () => {
    const { indigo } = DEFAULT_THEME.colors;
    expect(readableOn([indigo[7], indigo[8]], ['#ffffff'])).toBe(indigo[7]);
  });

  it('darkens the last candidate when none reads', () => {
    const { yellow } = DEFAULT_THEME.colors;
    const color = readableOn([yellow[7], yellow[9]], ['#ffffff', yellow[1]]);
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color, yellow[1])).toBeGreaterThanOrEqual(4.5);
  });
});
