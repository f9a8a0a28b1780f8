/** The dashboard map's layers, in the order their switches show, with their spec defaults. */
export const MAP_LAYERS = [
  { key: 'riders', label: 'Riders', defaultOn: true },
  { key: 'orders', label: 'Orders', defaultOn: true },
  { key: 'centers', label: 'Collection Centers', defaultOn: true },
  { key: 'boundary', label: 'Region Boundary', defaultOn: true },
  { key: 'cells', label: 'Cells', defaultOn: false },
  { key: 'blacklisted', label: 'Blacklisted Areas', defaultOn: false },
] as const;

export type MapLayerKey = (typeof MAP_LAYERS)[number]['key'];
export type MapLayerState = Record<MapLayerKey, boolean>;

/**
 * One localStorage key per layer (spec §2.5: each switch is remembered). Outside the `dastak.`
 * session prefix: it is how this browser likes its map, kept across logins (docs/decisions/0027).
 */
export const layerStorageKey = (key: MapLayerKey) => `dastak-dashboard.layer.${key}`;

export function readLayerState(): MapLayerState {
  const state = {} as MapLayerState;
  for (const layer of MAP_LAYERS) {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(layerStorageKey(layer.key));
    } catch {
      // Storage blocked: the defaults apply.
    }
    state[layer.key] = stored === null ? layer.defaultOn : stored === 'true';
  }
  return state;
}

export function writeLayer(key: MapLayerKey, on: boolean): void {
  try {
    localStorage.setItem(layerStorageKey(key), String(on));
  } catch {
    // Storage full or blocked: the switch works for this page only.
  }
}
