/**
 * What other modules may use of riders. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// The realtime stream reads changed riders as the riders list does.
export { riderColumns } from './rider-columns';
export { toRiderSummary } from './rider-dto';
export type { RiderRow } from './riders.repository';
