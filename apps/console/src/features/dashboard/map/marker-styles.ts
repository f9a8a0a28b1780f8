import type { RiderSummary } from '@dastak/core/entities/riders';
import { type OrderState, RIDER_STATES } from '@dastak/core/states';

export type RiderMarkerKind = 'idle' | 'busy' | 'wildcard' | 'covid';

/**
 * The rider's map icon (spec §4): wildcard and covid override the state; otherwise idle when
 * idle, busy when picking up (with or without capacity) or delivering.
 */
export function riderMarkerKind(
  rider: Pick<RiderSummary, 'state' | 'isWildcard' | 'isCovid'>,
): RiderMarkerKind {
  if (rider.isWildcard) return 'wildcard';
  if (rider.isCovid) return 'covid';
  return rider.state === RIDER_STATES.IDLE ? 'idle' : 'busy';
}

/** Canvas circles cannot carry icons, so the four kinds differ by colour (shown in the legend). */
export const RIDER_MARKER_COLORS: Record<RiderMarkerKind, string> = {
  idle: '#2f9e44',
  busy: '#1971c2',
  wildcard: '#9c36b5',
  covid: '#e8590c',
};

export const RIDER_MARKER_LABELS: Record<RiderMarkerKind, string> = {
  idle: 'Idle rider',
  busy: 'Busy rider',
  wildcard: 'Wildcard rider',
  covid: 'Covid rider',
};

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
