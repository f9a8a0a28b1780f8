import { Box, Group, Switch, Text } from '@mantine/core';
import { MAP_LAYERS, type MapLayerKey, type MapLayerState } from './map-layers';
import { RIDER_MARKER_COLORS, RIDER_MARKER_LABELS, type RiderMarkerKind } from './marker-styles';

/** One switch per layer the region has (spec §2.5), and the rider markers' colour legend. */
export function LayerSwitches({
  layers,
  available,
  onChange,
}: {
  layers: MapLayerState;
  available: ReadonlySet<MapLayerKey>;
  onChange: (key: MapLayerKey, on: boolean) => void;
}) {
  return (
    <Group gap="md" wrap="wrap" justify="space-between">
      <Group gap="md" role="group" aria-label="Map layers">
        {MAP_LAYERS.filter((layer) => available.has(layer.key)).map((layer) => (
          <Switch
            key={layer.key}
            size="xs"
            label={layer.label}
            checked={layers[layer.key]}
            onChange={(event) => onChange(layer.key, event.currentTarget.checked)}
          />
        ))}
      </Group>
      <Group gap="sm" aria-label="Rider markers">
        {(Object.keys(RIDER_MARKER_COLORS) as RiderMarkerKind[]).map((kind) => (
          <Group key={kind} gap={4} wrap="nowrap">
            <Box
              w={10}
              h={10}
              style={{ borderRadius: '50%', background: RIDER_MARKER_COLORS[kind] }}
            />
            <Text size="xs">{RIDER_MARKER_LABELS[kind]}</Text>
          </Group>
        ))}
      </Group>
    </Group>
  );
}
