import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { i18n } from '../lib/i18n.ts';
import './accessibility.css';

/**
 * A calm teal. Shade 7 (#0f766e) is the primary because white text on it, and it as text on white,
 * reach WCAG AA contrast for normal text (5.5:1 ≥ 4.5:1); Mantine's default primary shade would not.
 */
const brand: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

// System fonts: nothing to download; the CJK families give Chinese its proper Simplified glyphs.
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily,
  /*
   * One page title size everywhere: 1.75rem, and 1.5rem on a phone (global.css), where a long title took three lines
   * at 34 px; lines balanced, so no word is left alone on the last one ("Lịch làm việc của bác / sĩ"). The server's
   * first frame draws the titles the same (index.html's `ff-title`).
   */
  headings: { fontFamily, fontWeight: '700', textWrap: 'balance', sizes: { h1: { fontSize: '1.75rem', lineHeight: '1.3' } } },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  /*
   * Names in the person's language for the controls Mantine draws without text (WCAG 4.1.2). Mantine reads a
   * function `defaultProps` on every render, so the names follow a language switch (`.extend()` types only
   * objects, hence the plain entries).
   */
  components: {
    Modal: {
      defaultProps: () => ({
        closeButtonProps: { 'aria-label': i18n.t('actions.close') },
        // The dialog's <header> is not the page's banner landmark.
        attributes: { header: { role: 'none' } },
      }),
    },
    PasswordInput: {
      defaultProps: () => ({ visibilityToggleButtonProps: { 'aria-label': i18n.t('a11y.showPassword') } }),
    },
    InputClearButton: {
      defaultProps: () => ({ 'aria-label': i18n.t('actions.clear') }),
    },
    // A toast's close button (toasts are drawn by @mantine/notifications from lib/toast.ts).
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': i18n.t('actions.close') } }),
    },
    /*
     * The options list (role="listbox") scrolls itself, natively, instead of inside a ScrollArea: Mantine's
     * ScrollArea viewport is a scrolling region nothing in it can focus (WCAG 2.1.1, axe
     * scrollable-region-focusable), while a listbox that a combobox controls is reached with the arrow keys
     * from its field. Its height limit is in accessibility.css.
     */
    Select: { defaultProps: { withScrollArea: false } },
    TagsInput: { defaultProps: { withScrollArea: false } },
  },
});

/**
 * Mantine's "dimmed" grey (gray 6) is 3.3:1 on white, below WCAG AA for the small secondary texts
 * it is used for (card descriptions, footer); gray 7 reads at 8:1.
 *
 * The same for the small texts of badges, chips and errors (WCAG 1.4.3, 4.5:1): Mantine's error red (red 6,
 * 3.3:1) becomes red 9 (5.5:1 on white), and a light badge's text (shade 9 on shade 1: teal 4.3:1, green
 * 3.8:1, orange 3.6:1, yellow 2.7:1) a darker tone of its colour reading at 4.8:1 or more on its tint.
 */
/**
 * Filled and outline buttons of a colour other than the brand's (confirm in teal, complete in green, cancel and
 * delete in red…): Mantine fills them with shade 7 under white text, 2.8:1 (green) to 3.8:1 (red), and draws
 * outline text in it. Each takes the dark tone of its light variant instead (5.5:1 or more against white), and
 * a darker one still on hover.
 */
const FILLED_TONES = {
  teal: ['#077554', '#065c42'],
  green: ['#257735', '#1d5f2a'],
  red: ['#c12828', '#a11f1f'],
  orange: ['#b63c0d', '#96310a'],
  yellow: ['#a15300', '#844400'],
  blue: ['#1971c2', '#1864ab'],
} as const;

const filledVariables = Object.fromEntries(
  Object.entries(FILLED_TONES).flatMap(([color, [tone, hover]]) => [
    [`--mantine-color-${color}-filled`, tone],
    [`--mantine-color-${color}-filled-hover`, hover],
    [`--mantine-color-${color}-outline`, tone],
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...filledVariables,
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-error': resolved.colors.red[9],
    '--mantine-color-red-text': resolved.colors.red[9],
    '--mantine-color-red-light-color': '#c12828',
    '--mantine-color-teal-light-color': '#077554',
    '--mantine-color-green-light-color': '#257735',
    '--mantine-color-orange-light-color': '#b63c0d',
    '--mantine-color-yellow-light-color': '#a15300',
  },
  dark: {},
});
