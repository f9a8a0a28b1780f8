import type { OrderState } from '@dastak/core/states';
import { Box, Group, Text } from '@mantine/core';
import {
  COLLECTION_CENTER_COLOR,
  ORDER_MARKER_COLORS,
  ORDER_MARKER_LABELS,
  ORDER_MARKER_RING,
  RIDER_MARKER_COLORS,
  RIDER_MARKER_LABELS,
  RIDER_MARKER_RING,
  type RiderMarkerKind,
} from './marker-styles';

function Item({
  color,
  ring,
  size,
  label,
}: {
  color: string;
  ring: string;
  size: number;
  label: string;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Box
        w={size}
        h={size}
        style={{ borderRadius: '50%', background: color, boxShadow: `0 0 0 1.5px ${ring}` }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/**
 * What each marker colour means: the rider kinds (spec §4 icons, drawn as colours on canvas) and,
 * where the map draws them, the order states and collection centers.
 */
export function MarkerLegend({
  orders = false,
  centers = false,
}: {
  orders?: boolean;
  centers?: boolean;
}) {
  return (
    <Group gap="sm" aria-label="Map legend" role="group">
      {(Object.keys(RIDER_MARKER_COLORS) as RiderMarkerKind[]).map((kind) => (
        <Item
          key={kind}
          color={RIDER_MARKER_COLORS[kind]}
          ring={RIDER_MARKER_RING}
          size={10}
          label={RIDER_MARKER_LABELS[kind]}
        />
      ))}
      {orders &&
        (Object.keys(ORDER_MARKER_COLORS) as OrderState[]).map((state) => (
          <Item
            key={state}
            color={ORDER_MARKER_COLORS[state]!}
            ring={ORDER_MARKER_RING}
            size={8}
            label={ORDER_MARKER_LABELS[state]!}
          />
        ))}
      {centers && (
        <Item
          color={COLLECTION_CENTER_COLOR}
          ring={RIDER_MARKER_RING}
          size={10}
          label="Collection center"
        />
      )}
    </Group>
  );
}
