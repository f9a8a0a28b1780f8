import { useCallback, useState } from 'react';
import { type MapLayerKey, type MapLayerState, readLayerState, writeLayer } from './map-layers';

/** The layer switches, read once from localStorage and written back on every toggle. */
export function useMapLayers(): [MapLayerState, (key: MapLayerKey, on: boolean) => void] {
  const [layers, setLayers] = useState(readLayerState);
  const setLayer = useCallback((key: MapLayerKey, on: boolean) => {
    writeLayer(key, on);
    setLayers((current) => ({ ...current, [key]: on }));
  }, []);
  return [layers, setLayer];
}
