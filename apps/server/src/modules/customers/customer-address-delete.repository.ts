import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerAddresses } from '../../db/schema/customers';

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
