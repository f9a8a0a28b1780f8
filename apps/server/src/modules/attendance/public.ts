/**
 * What other modules may use of attendance. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// A rider's location pings rolled up into attendance as they arrive.
export { rollUpPings } from './attendance-rollup';
