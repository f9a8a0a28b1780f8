import { Badge, type BadgeProps, type ElementProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type TagColor = 'green' | 'teal' | 'yellow' | 'orange' | 'red' | 'gray' | 'violet';

/**
 * Mantine's light badges print shade-6 (and even shade-9) text that falls short of WCAG AA on
 * their tinted background, so tags carry their own darker text colour per hue.
 */
const TEXT: Record<TagColor, string> = {
  green: '#1f5f2c',
  teal: '#0a5a63',
  yellow: '#5c4400',
  orange: '#8f3a06',
  red: '#9b1c1c',
  gray: '#343a40',
  violet: '#4c2a9e',
};

/** A small status label: tinted background, readable text. */
export function Tag({
  color,
  children,
  ...props
}: { color: TagColor; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant' | 'c'> &
  ElementProps<'div', 'color'>) {
  return (
    <Badge color={color} c={TEXT[color]} variant="light" radius="sm" tt="none" {...props}>
      {children}
    </Badge>
  );
}
