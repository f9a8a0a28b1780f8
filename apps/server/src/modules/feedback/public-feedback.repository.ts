import type { PublicLinkKind } from '@dastak/core/states';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { publicLinks } from '../../db/schema/feedback';

/** A public link by its id and kind: an order-review id does not open a survey or the map. */
export async function findLink(db: DbOrTx, id: string, kind: PublicLinkKind) {
  const [row] = await db
    .select({
      id: publicLinks.id,
      orderId: publicLinks.orderId,
      customerId: publicLinks.customerId,
      expiresAt: publicLinks.expiresAt,
      openedAt: publicLinks.openedAt,
      usedAt: publicLinks.usedAt,
    })
    .from(publicLinks)
    .where(and(eq(publicLinks.id, id), eq(publicLinks.kind, kind)));
  return row;
}

/** Records the submit on the link, in the submit's transaction. */
export async function markLinkUsed(tx: DbOrTx, id: string, at: Date) {
  await tx.update(publicLinks).set({ usedAt: at }).where(eq(publicLinks.id, id));
}

/** The first public read of the link ('opened' to staff); later reads change nothing. */
export async function markLinkOpened(db: DbOrTx, id: string, at: Date) {
  await db
    .update(publicLinks)
    .set({ openedAt: at })
    .where(and(eq(publicLinks.id, id), isNull(publicLinks.openedAt)));
}
