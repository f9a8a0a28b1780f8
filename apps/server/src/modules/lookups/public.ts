/**
 * What other modules may use of the lookups. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
export { listLookups } from './lookups.repository';
