import type { Rider } from '@dastak/core/entities/riders';
import { RIDER_STATE_LABELS, RIDER_STATES, type RiderState } from '@dastak/core/states';
import type { TagColor } from '../../components/tag';

export const riderFullName = (rider: Pick<Rider, 'firstName' | 'lastName'>) =>
  `${rider.firstName} ${rider.lastName}`.trim();

/** Full and delivering riders are shown in red (spec §4). */
export const isRiderStateRed = (state: RiderState) =>
  state === RIDER_STATES.PICKING_UP_FULL || state === RIDER_STATES.DELIVERING;

/**
 * The rider has pickups waiting in the queue: the server sets the picking-up states exactly when a
 * pending pickup task is queued (riderStateFor), so a list can tell without fetching the queue.
 */
export const hasPendingPickups = (rider: Pick<Rider, 'state'>) =>
  rider.state === RIDER_STATES.PICKING_UP_HAS_CAPACITY ||
  rider.state === RIDER_STATES.PICKING_UP_FULL;

const STATE_COLORS: Record<RiderState, TagColor> = {
  0: 'teal',
  1: 'orange',
  2: 'red',
  3: 'red',
};

export const riderStateColor = (state: RiderState) => STATE_COLORS[state];
export const riderStateLabel = (state: RiderState) => RIDER_STATE_LABELS[state] ?? String(state);

import { RIDER_MARKER_COLORS, type RiderMarkerKind } from '../../lib/rider-markers';

export { type RiderMarkerKind, riderMarkerKind } from '../../lib/rider-markers';

/**
 * Pin colour and letter per kind (the W, C, R tags of spec §9), in the colours every map uses.
 */
export const RIDER_MARKER_STYLE: Record<RiderMarkerKind, { color: string; letter: string }> = {
  available: { color: RIDER_MARKER_COLORS.available, letter: 'R' },
  busy: { color: RIDER_MARKER_COLORS.busy, letter: 'R' },
  offDuty: { color: RIDER_MARKER_COLORS.offDuty, letter: 'R' },
  wildcard: { color: RIDER_MARKER_COLORS.wildcard, letter: 'W' },
  covid: { color: RIDER_MARKER_COLORS.covid, letter: 'C' },
};

/** Force deliver applies to blood riders in the delivering state (spec §4). */
export const canForceDeliver = (rider: Pick<Rider, 'state' | 'profile'>) =>
  rider.profile.vertical?.name.toLowerCase() === 'blood' && rider.state === RIDER_STATES.DELIVERING;
