/**
 * What other modules may use of the dashboards. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// On-time counts the reports roll up.
export { countOnTime } from './dashboards.repository';
// Samples on their way to a lab: the push sweep warns before they expire.
export { listSamplesInTransit } from './samples-in-transit.service';
