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

/**
 * Mantine's green and orange with shade 9 darkened: the theme's shade (primaryShade 9) colours
 * their text, light buttons and badges, and Mantine's own (#2b8a3e on white 4.4:1, #d9480f on
 * its light background 3.8:1) fall short of WCAG AA; these read 5.4:1 and 5.6:1 (axe, e2e).
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#2f9e44',
  '#237a36',
];
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#e8590c',
  '#a63c0c',
];

/** The names of a calendar's controls, read by screen readers. */
const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 9 keeps brand text and white-on-brand at WCAG AA contrast (axe checks it in e2e).
  primaryShade: 9,
  colors: { brand, green, orange },
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
    // Mantine's close buttons and calendar arrows are icons with no name: axe's critical
    // 'button-name' on every dialog and date picker.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // A loader is a span: its aria-label ('Loading the chart') is allowed only with a role.
    Loader: { defaultProps: { role: 'status' } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Calendar: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DatePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DateInput: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DateTimePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
  },
});

/**
 * Mantine's default dimmed grey, error red and placeholder grey (2.07:1) fall short of AA
 * contrast on white; the placeholder's #6c757d reads 4.69:1 and still looks unlike a value.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
