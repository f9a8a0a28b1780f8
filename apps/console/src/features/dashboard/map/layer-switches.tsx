import { Group, Switch } from '@mantine/core';
import { MAP_LAYERS, type MapLayerKey, type MapLayerState } from './map-layers';
import { MarkerLegend } from './marker-legend';

/** One switch per layer the region has (spec §2.5), and the legend of what is drawn. */
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
      <MarkerLegend
        orders={layers.orders && available.has('orders')}
        centers={layers.centers && available.has('centers')}
      />
    </Group>
  );
}
