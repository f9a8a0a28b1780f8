/** What other modules may use of the order activity log: every module that changes an order writes its row here (docs/decisions/0059-import-boundaries.md). */

export type { ActivityInsert } from './activities.repository';
export { hasActivityForPickup, insertActivities, listActivities } from './activities.repository';
export { activityRow, actorName } from './activity-row';
