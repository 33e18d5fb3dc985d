import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { readableOn } from './contrast';
import './theme.css';

const PRIMARY_SHADE = 7;
const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above 4.5:1 contrast.
  primaryShade: { light: PRIMARY_SHADE, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * Text and filled colours that read at 4.5:1 or more (WCAG AA) in the light scheme: a colour's filled
 * background under white text, its text and outline on the page's white and grey backgrounds (the
 * shell's gray.0, striped rows' gray.1), its light-variant text on its light background; and dimmed
 * and placeholder text. Mantine's shade 7 reads at 2.7:1 for green, 3.0:1 for orange, 2.1:1 for
 * yellow; each colour keeps its shade 7 where that reads and takes the first darker shade (or a
 * darkened shade 9) that does.
 */
function readableColorVariables(): Record<string, string> {
  const variables: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(['#5c646c'], [WHITE, gray[0], gray[1], gray[2]]),
    '--mantine-color-placeholder': readableOn(['#697077'], [WHITE]),
    '--mantine-color-anchor': readableOn(
      [DEFAULT_THEME.colors.indigo[PRIMARY_SHADE], DEFAULT_THEME.colors.indigo[8]],
      [WHITE, gray[0], gray[1]],
    ),
  };
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const strong = readableOn(shades.slice(PRIMARY_SHADE), [WHITE, gray[0], gray[1]]);
    Object.assign(variables, {
      [`--mantine-color-${name}-filled`]: strong,
      [`--mantine-color-${name}-filled-hover`]: darken(strong, 0.1),
      [`--mantine-color-${name}-text`]: strong,
      [`--mantine-color-${name}-outline`]: strong,
      [`--mantine-color-${name}-light-color`]: readableOn(shades.slice(9), [shades[1], shades[2]]),
    });
  }
  return variables;
}

const lightVariables = readableColorVariables();

/** Passed to every MantineProvider with the theme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: lightVariables,
  dark: {},
});
