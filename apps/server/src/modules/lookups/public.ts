/** What other modules may use of the lookups (docs/decisions/0059-import-boundaries.md). */
export { listLookups } from './lookups.repository';
