/** What other modules may use of the realtime module (docs/decisions/0059-import-boundaries.md). */
export { streamDrops } from './stream-connection';
