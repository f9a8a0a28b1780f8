import type { RiderMarkerKind } from '@dastak/core/rules/rider-availability';

export { type RiderMarkerKind, riderMarkerKind } from '@dastak/core/rules/rider-availability';

/**
 * A rider marker's colour and name on every map (the dashboards' canvas circles, the rider's
 * last-seen pin): busy in red, as spec §9 colours full and delivering riders; off duty in grey.
 * Canvas circles cannot carry icons, so the kinds differ by colour (shown in the legend).
 */
export const RIDER_MARKER_COLORS: Record<RiderMarkerKind, string> = {
  available: '#2f9e44',
  busy: '#c92a2a',
  offDuty: '#868e96',
  wildcard: '#9c36b5',
  covid: '#e8590c',
};

export const RIDER_MARKER_LABELS: Record<RiderMarkerKind, string> = {
  available: 'Available rider',
  busy: 'Busy rider (full or delivering)',
  offDuty: 'Off-duty rider',
  wildcard: 'Wildcard rider',
  covid: 'Covid rider',
};
