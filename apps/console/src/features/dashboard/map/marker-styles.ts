import type { OrderState } from '@dastak/core/states';

export {
  RIDER_MARKER_COLORS,
  RIDER_MARKER_LABELS,
  type RiderMarkerKind,
  riderMarkerKind,
} from '../../../lib/rider-markers';

/**
 * The order states the map draws (spec §4: dashboards load assigned, reached, collected), in
 * hues no rider kind uses, so an order is never read as a rider: waiting for its rider (cyan),
 * rider at the door (yellow), blood drawn and on its way to the lab (grey, needs no attention).
 */
export const ORDER_MARKER_COLORS: Partial<Record<OrderState, string>> = {
  assigned: '#15aabf',
  reached: '#fab005',
  collected: '#adb5bd',
};

export const ORDER_MARKER_LABELS: Partial<Record<OrderState, string>> = {
  assigned: 'Assigned order',
  reached: 'Reached order',
  collected: 'Collected order',
};

export const ORDER_MARKER_FALLBACK_COLOR = '#495057';
/** Order markers are smaller than riders' and ringed dark; riders are ringed white. */
export const ORDER_MARKER_RING = '#212529';
export const RIDER_MARKER_RING = '#fff';
export const COLLECTION_CENTER_COLOR = '#c2255c';
export const BOUNDARY_COLOR = '#364fc7';
export const CELL_COLOR = '#0ca678';
export const BLACKLISTED_COLOR = '#e03131';
