import type { DbOrTx } from '../../db/client';
import { type ActorContext, actorUserId, SYSTEM_ACTOR_NAME } from '../../lib/actor';
import { userNames } from '../users/public';
import type { ActivityInsert } from './activities.repository';

// One row of the order activity log: who did what, in the activity's own words. Orders,
// customers and customer links write them, so it sits below all three.

/** The actor's name as activity descriptions show it. */
export async function actorName(tx: DbOrTx, actor: ActorContext): Promise<string> {
  if (actor.kind === 'system') return actor.name ?? SYSTEM_ACTOR_NAME;
  return (await userNames(tx, [actor.userId])).get(actor.userId) ?? '';
}

export function activityRow(
  order: { id: number },
  verb: string,
  description: string,
  actor: ActorContext,
  data?: Record<string, unknown>,
): ActivityInsert {
  return { orderId: order.id, verb, description, actorId: actorUserId(actor), data: data ?? null };
}
