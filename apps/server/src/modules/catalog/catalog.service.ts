import type { ScanType } from '@dastak/core/entities/catalog';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/domain-errors';
import { updateStabilityHours } from './catalog.repository';

/**
 * PATCH /orders/scan-types/{id}/ (docs/decisions/0048-sample-stability.md): a test's
 * stability window, or null for the vertical's default. Orders collected before keep the expiry
 * they were stamped with; the window applies from the next collection.
 */
export async function changeStabilityWindow(
  db: DbOrTx,
  id: number,
  stabilityHours: number | null,
): Promise<ScanType> {
  const row = await updateStabilityHours(db, id, stabilityHours);
  if (!row) throw notFound();
  return row;
}
