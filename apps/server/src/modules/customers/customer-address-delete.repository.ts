import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAddresses } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

/** SQL of deleting a customer address (soft: orders keep pointing at it). */

/** The live address, locked until the delete commits; undefined when unknown or deleted. */
export async function lockLiveAddress(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), isNull(customerAddresses.deletedAt)))
    .for('update');
  return row;
}

export async function softDeleteAddress(
  tx: DbOrTx,
  id: number,
  patch: { verified?: boolean; isValid?: boolean } = {},
) {
  await tx
    .update(customerAddresses)
    .set({ ...patch, deletedAt: new Date() })
    .where(eq(customerAddresses.id, id));
}

/** The orders booked at the address (their log records its deletion). */
export async function listOrderIdsAt(tx: DbOrTx, addressId: number) {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerAddressId, addressId))
    .orderBy(orders.id);
  return rows.map((r) => r.id);
}
