import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeComponent,
} from '@mantine/core';
import { readableOn } from './contrast';
import './theme.css';

const PRIMARY_SHADE = 7;
const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;
/** What text sits on: white cards and inputs, the shell's gray.0, striped and hovered rows' gray.1. */
const PAGE_BACKGROUNDS = [WHITE, gray[0], gray[1]];

/**
 * Mantine's colours with shades 7 to 9 made to read at 4.5:1 or more (WCAG AA) as text on the page's
 * backgrounds and as the background of white text (filled buttons and badges use shade 7, text in a
 * colour uses 7 to 9): Mantine's own green 7 reads at 2.7:1, orange 7 at 3.0:1, yellow 7 at 2.1:1.
 * A shade that already reads stays as it is; one that does not is darkened until it does, each
 * darker shade a little further (4.5, 5.1, 5.7:1) so the three stay apart. Shades 0 to 6
 * (backgrounds, borders, charts) are Mantine's.
 */
function readableColors(): Record<string, MantineColorsTuple> {
  const colors: Record<string, MantineColorsTuple> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark') continue;
    colors[name] = shades.map((shade, index) =>
      index < PRIMARY_SHADE
        ? shade
        : readableOn([shade], PAGE_BACKGROUNDS, 4.5 + (index - PRIMARY_SHADE) * 0.6),
    ) as unknown as MantineColorsTuple;
  }
  return colors;
}

const colors = readableColors();
const dismissLabel = {
  defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
} satisfies MantineThemeComponent;

export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Plain objects, not `Modal.extend(…)` (the same object): importing the components here would put them in
  // every screen's first chunk (web/build/route-chunks.ts), drawn or not.
  components: {
    // Mantine's close buttons are icons without a name (axe: button-name); "Dismiss", since many dialogs
    // already have a "Close" button of their own.
    Modal: dismissLabel,
    Drawer: dismissLabel,
    Notification: dismissLabel,
    // A closed Select's or Autocomplete's list is not rendered (Mantine 9 keeps it mounted, hidden, by default:
    // every option rendered and the list positioned on each screen's first render, for nothing).
    Combobox: { defaultProps: { keepMounted: false } } satisfies MantineThemeComponent,
    // A badge is a word or two (a status, a count): in a crowded table row it keeps its width, where Mantine's
    // would shrink it to "PENDI…".
    Badge: { styles: { root: { minWidth: 'max-content' } } } satisfies MantineThemeComponent,
  },
});

/**
 * The light scheme's text variables that Mantine points at light shades: dimmed text (gray.6, 3.3:1),
 * placeholders (gray.5, 2.1:1), and each colour's light-variant text (shade 9 on shade 1, 2.7:1 for
 * yellow), each made to read at 4.5:1 on what it sits on.
 */
function readableTextVariables(): Record<string, string> {
  const variables: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(['#5c646c'], [...PAGE_BACKGROUNDS, gray[2]]),
    '--mantine-color-placeholder': readableOn(['#697077'], [WHITE]),
  };
  for (const [name, shades] of Object.entries(colors))
    variables[`--mantine-color-${name}-light-color`] = readableOn([shades[9]], [shades[1], shades[2]]);
  return variables;
}

const lightVariables = readableTextVariables();

/** Passed to every MantineProvider with the theme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: lightVariables,
  dark: {},
});
