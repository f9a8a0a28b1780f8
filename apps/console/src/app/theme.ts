import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep teal: calm for a screen watched all day, and distinct from the red of error toasts
// and "late" markers.
const brand: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0c8599',
  '#0b7285',
];

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 9 keeps brand text and white-on-brand at WCAG AA contrast (axe checks it in e2e).
  primaryShade: 9,
  colors: { brand },
  // System fonts: the console must work with no internet, so no web font downloads.
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Notification: {
      defaultProps: { withBorder: true, closeButtonProps: { 'aria-label': 'Close notification' } },
    },
  },
});

/** Mantine's default dimmed grey and error red fall short of AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
