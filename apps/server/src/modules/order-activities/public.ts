/**
 * What other modules may use of the order activity log: every module that changes an order writes
 * its row here. Other modules import only this file (docs/decisions/0059-import-boundaries.md).
 */
export type { ActivityInsert } from './activities.repository';
export { hasActivityForPickup, insertActivities, listActivities } from './activities.repository';
// A row for insertActivities, in the actor's words.
export { activityRow, actorName } from './activity-row';
