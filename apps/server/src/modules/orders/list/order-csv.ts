import { TIME_ZONE } from '@dastak/core/constants';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { ORDER_STATE_LABELS, type Vertical } from '@dastak/core/states';
import { formatInTimeZone } from 'date-fns-tz';
import type { DbOrTx } from '../../../db/client';
import { csvLine } from '../../../lib/csv';
import { listTubes } from '../tubes/tubes.repository';
import * as repo from './order-list.repository';

/**
 * The orders list as CSV (Download CSV and the listing email, spec §2.3). The columns are the
 * list's own: patient data is private, so the file carries nothing the screen does not show.
 */

export const CSV_COLUMNS = [
  'Order Number',
  'Patient',
  'Phone',
  'Address',
  'Region',
  'Rider',
  'Status',
  'Collection Time',
  'Reviewed',
  'Follow Up Addressed',
  'Created',
  /** The sample tube labels scanned at collection (ADR 0062), space-separated. */
  'Tubes',
] as const;

/** Rows read per statement: memory stays flat whatever the filter matches. */
export const CSV_BATCH = 1000;

export { csvCell, csvLine } from '../../../lib/csv';

const when = (d: Date) => formatInTimeZone(d, TIME_ZONE, 'yyyy-MM-dd HH:mm');
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export function csvRecord(r: repo.OrderListRow, tubeLabels: readonly string[] = []): string[] {
  return [
    r.number,
    `${r.patient.firstName} ${r.patient.lastName}`.trim(),
    r.patient.phone ?? '',
    r.address,
    r.regionName ?? '',
    r.rider?.name ?? '',
    ORDER_STATE_LABELS[r.state],
    when(r.pickup),
    yesNo(r.needsReview),
    yesNo(r.isFollowUpAddressed),
    when(r.created),
    tubeLabels.join(' '),
  ];
}

/** 'blood-orders-2026-03-02.csv' (the Karachi date of the download). */
export const csvFileName = (vertical: Vertical, now: Date) =>
  `${vertical}-orders-${karachiDateString(now)}.csv`;

/**
 * Every matching order as CSV text chunks (header first) with how many orders each holds, read
 * in keyset batches in the list's order by its first sort key and the id. Not capped: the
 * download is the whole result.
 */
export async function* orderCsvChunks(
  db: DbOrTx,
  filter: repo.OrderListFilter | null,
  keys: readonly repo.SortKey[],
): AsyncGenerator<{ text: string; rows: number }> {
  yield { text: csvLine(CSV_COLUMNS), rows: 0 };
  if (!filter) return;
  let from: repo.Keyset | undefined;
  for (;;) {
    const rows = await repo.listOrderBatch(db, filter, keys, CSV_BATCH, from);
    if (rows.length === 0) return;
    const tubes = await listTubes(
      db,
      rows.map((r) => r.id),
    );
    const labelsOf = (id: number) => tubes.filter((t) => t.orderId === id).map((t) => t.label);
    yield {
      text: rows.map((r) => csvLine(csvRecord(r, labelsOf(r.id)))).join(''),
      rows: rows.length,
    };
    if (rows.length < CSV_BATCH) return;
    const last = rows[rows.length - 1] as repo.OrderListRow;
    from = { value: last.sortValue, id: last.id };
  }
}
