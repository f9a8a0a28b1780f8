/**
 * The order indicator colours of spec §2.3: fasting and medicine-and/or-specific-time are yellow,
 * urgent delivery (Protocol) is red. Fixed shades rather than Mantine's `-filled` variables:
 * the theme's primaryShade of 9 turns yellow's filled shade (#e67700) orange.
 */
export const INDICATOR_COLORS = {
  yellow: 'var(--mantine-color-yellow-5)',
  red: 'var(--mantine-color-red-9)',
} as const;

export type IndicatorColor = keyof typeof INDICATOR_COLORS;

/**
 * A small round indicator; every order dot is drawn by this. Without a label it is decoration
 * beside text that already says what it means.
 */
export function IndicatorDot({ color, label }: { color: IndicatorColor; label?: string }) {
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label, title: label } : { 'aria-hidden': true })}
      data-indicator-dot={color}
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: INDICATOR_COLORS[color],
      }}
    />
  );
}
