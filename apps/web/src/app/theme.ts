import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * "ev": a deep teal-green. Tuned so every pairing Mantine derives from it passes WCAG AA (axe
 * color-contrast): white on shade 8 (light filled) 7.4:1, white on shade 6 (dark filled) 5.0:1,
 * shade 9 on shade 1 (light variant) 8.2:1, shade 4 on the dark body 7.5:1.
 */
const ev: MantineColorsTuple = [
  '#e3faf3',
  '#c1f0e0',
  '#98e4ca',
  '#6dd6b2',
  '#45c99c',
  '#23a57f',
  '#0e7f62',
  '#0b6f56',
  '#0a614b',
  '#074a3a',
];

export const theme = createTheme({
  primaryColor: 'ev',
  primaryShade: { light: 8, dark: 6 },
  colors: { ev },
  // System fonts: no font download, nothing for the CSP to allow.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

/**
 * Mantine's default dimmed text (gray 6 on white, 3.3:1) and error red (red 6, 3.3:1) fail contrast;
 * one shade darker in light mode and lighter in dark mode passes. Placeholders (gray 5 on white, 2:1;
 * dark 3 on the dark field, 3.6:1) are text too, e.g. a file field's "choose a file": they take the
 * dimmed colour. The light variant's text in yellow and orange (an alert's title: yellow 9 on its pale
 * yellow, 2.8:1) takes a dark amber and a dark orange (5.9:1 and 6.2:1), in green (green 9, 4.0:1) a
 * darker green (5.6:1); a red outline button's label
 * (red 6 on white, 3.3:1: "Ablehnen", "Löschen") takes red 9 (5.6:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-yellow-light-color': '#8a5300',
    '--mantine-color-orange-light-color': '#9c3d0a',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
