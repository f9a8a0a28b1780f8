import { CircleMarker, Tooltip } from 'react-leaflet';
import { useCollectionCentersQuery } from '../api/get-collection-centers';
import { COLLECTION_CENTER_COLOR } from './marker-styles';

/** Where blood riders deliver samples (blood dashboard only), named on hover. */
export function CollectionCentersLayer({ regionId }: { regionId: number }) {
  const centers = useCollectionCentersQuery(regionId, true);
  return (centers.data?.results ?? []).map((center) => (
    <CircleMarker
      key={center.id}
      center={[center.latitude, center.longitude]}
      radius={9}
      pathOptions={{ color: '#fff', weight: 2, fillColor: COLLECTION_CENTER_COLOR, fillOpacity: 1 }}
    >
      <Tooltip>{center.name}</Tooltip>
    </CircleMarker>
  ));
}
