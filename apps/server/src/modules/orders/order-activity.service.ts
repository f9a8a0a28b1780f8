import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/domain-errors';
import { listActivities } from '../order-activities/public';
import { orderExists } from './orders.repository';

/** GET /activity/?order: the order's log, newest first. */
export async function listOrderActivities(
  db: Db,
  orderId: number,
  page: { limit: number; offset: number },
) {
  if (!(await orderExists(db, orderId))) throw notFound();
  const { results, count } = await listActivities(db, orderId, page);
  return {
    count,
    results: results.map((a) => ({
      id: a.id,
      verb: a.verb,
      description: a.description,
      created: toKarachiIso(a.created),
      actorName: a.actorFirstName ? `${a.actorFirstName} ${a.actorLastName ?? ''}`.trim() : null,
    })),
  };
}
