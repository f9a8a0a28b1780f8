import { ATTENDANCE_SLOT_MS } from '@dastak/core/constants';
import type {
  AttendanceListQuery,
  AttendanceRecord,
  AttendanceSlot,
} from '@dastak/core/entities/shifts';
import { SUCCESS } from '@dastak/core/messages';
import { ATTENDANCE_MESSAGES } from '@dastak/core/messages/attendance';
import { karachiDateString, parseKarachi, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { type OnTimeModel, onTimePercentage } from '@dastak/core/rules/lateness';
import { riderShiftOnlinePercent } from '@dastak/core/rules/online-slots';
import type { DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/domain-errors';
import { limitOffset } from '../../lib/paging';
import { auditedCsv, type ExportAudit } from '../audit/public';
import { enqueueEmail } from '../notifications/public';
import {
  ATTENDANCE_CSV_BATCH,
  attendanceCsvFileName,
  attendanceCsvHeader,
  attendanceCsvLine,
} from './attendance-csv';
import * as repo from './attendance-list.repository';

/**
 * The attendance reads (spec §2.11, §7): the list of rider shifts with their attendance figures,
 * its CSV, the listing email and the online chart's slots. The figures are the ping roll-up's
 * (rider_shifts columns); on-time % is worked out here from the rider's pickups of the shift with
 * the dashboards' one definition (rules/lateness.ts). A shift with no pickup due reads 0, as
 * onTimePercentage answers for nothing due (the dashboards' days with nothing due read 0 too).
 */

type FilterQuery = Omit<AttendanceListQuery, 'page' | 'pageSize' | 'ordering'>;

const SORTABLE: Record<string, repo.SortColumn> = {
  created: 'created',
  start_datetime: 'startDatetime',
  startDatetime: 'startDatetime',
};
export const DEFAULT_SORT: repo.SortKey[] = [{ column: 'created', desc: true }];

/**
 * `ordering` as sort keys: '-created' (the default), 'start_datetime' or '-start_datetime', or
 * both comma-joined. Unknown or repeated fields are ignored, as the other lists do; nothing left
 * falls back to '-created'.
 */
export function sortKeysOf(ordering: string): repo.SortKey[] {
  const keys: repo.SortKey[] = [];
  for (const raw of ordering.split(',')) {
    const text = raw.trim();
    const column = SORTABLE[text.replace(/^-/, '')];
    if (!column || keys.some((k) => k.column === column)) continue;
    keys.push({ column, desc: text.startsWith('-') });
  }
  return keys.length ? keys : DEFAULT_SORT;
}

/** The request's filters as the repository's; a start after the end is refused (400). */
export function filterOf(q: FilterQuery): repo.AttendanceFilter {
  const from = parseKarachi(q.startDatetime) ?? undefined;
  const to = parseKarachi(q.endDatetime) ?? undefined;
  if (from && to && from.getTime() > to.getTime()) {
    throw invalid(ATTENDANCE_MESSAGES.START_AFTER_END, {
      startDatetime: [ATTENDANCE_MESSAGES.START_AFTER_END],
      endDatetime: [ATTENDANCE_MESSAGES.END_BEFORE_START],
    });
  }
  return { regionId: q.region, scheduleId: q.shift, riderId: q.rider, from, to };
}

/**
 * A rider shift as the list shows it at `now`. With no ping in the shift's window (no start
 * position, no online slot) inside hotspot and online % are null, read N/A (spec §8). Online %
 * counts the slots over so far (rules/online-slots.ts, the chart's count too), not the whole
 * shift: a running shift's slots to come are not offline.
 */
export function toRecord(r: repo.AttendanceRow, now: Date): AttendanceRecord {
  const pinged = r.recordedAt !== null || r.onlineSlots > 0;
  return {
    id: r.id,
    rider: { id: r.riderId, name: r.riderName, phone: r.phone },
    isPresent: r.isPresent,
    riderDidStartInsideHotspot: pinged ? (r.insideHotspot ?? false) : null,
    hotspotLatitude: r.latitude,
    hotspotLongitude: r.longitude,
    hotspotRecordedAt: r.recordedAt ? toKarachiIso(r.recordedAt) : null,
    shift: {
      id: r.id,
      startDatetime: toKarachiIso(r.start),
      endDatetime: toKarachiIso(r.end),
      state: r.state,
    },
    riderShiftOnTimePercentage: onTimePercentage(r.onTimeOn, r.onTimeDue),
    riderShiftOnlinePercentage: pinged
      ? riderShiftOnlinePercent(
          {
            startDatetime: r.start,
            endDatetime: r.end,
            onlineSlots: r.onlineSlots,
            lastSlotStart: r.lastSlotStart,
          },
          now,
        )
      : null,
    distanceTravelled: r.distanceMetres,
    breakAlreadyGiven: r.breakAlreadyGiven,
    allowBreak: r.allowBreak,
  };
}

export interface AttendancePage {
  count: number;
  results: AttendanceRecord[];
}

/** GET /shift/rider-shifts/ */
export async function listAttendance(
  db: DbOrTx,
  q: AttendanceListQuery,
  model: OnTimeModel,
  now = new Date(),
): Promise<AttendancePage> {
  const filter = filterOf(q);
  const { count, rows } = await repo.listAttendance(
    db,
    filter,
    { keys: sortKeysOf(q.ordering), model, now },
    limitOffset(q),
  );
  return { count, results: rows.map((r) => toRecord(r, now)) };
}

/**
 * Every matching rider shift as CSV text chunks (header first) with how many records each holds,
 * read in keyset batches in the list's order. The filter is checked on the call, before the
 * first byte goes out.
 */
export function attendanceCsvChunks(
  db: DbOrTx,
  q: AttendanceListQuery,
  model: OnTimeModel,
  now = new Date(),
): AsyncGenerator<{ text: string; rows: number }> {
  const filter = filterOf(q);
  const options = { keys: sortKeysOf(q.ordering), model, now };
  return (async function* () {
    yield { text: attendanceCsvHeader(), rows: 0 };
    let from: repo.Keyset | undefined;
    for (;;) {
      const rows = await repo.attendanceBatch(db, filter, options, ATTENDANCE_CSV_BATCH, from);
      if (rows.length === 0) return;
      yield {
        text: rows.map((r) => attendanceCsvLine(toRecord(r, now))).join(''),
        rows: rows.length,
      };
      if (rows.length < ATTENDANCE_CSV_BATCH) return;
      const last = rows[rows.length - 1] as repo.AttendanceRow;
      from = { value: last.sortValue, id: last.id };
    }
  })();
}

/** GET /shift/rider-shifts/csv/: the CSV text, batch by batch. */
export function attendanceCsv(
  db: DbOrTx,
  q: AttendanceListQuery,
  model: OnTimeModel,
  audit?: ExportAudit,
): AsyncIterable<string> {
  return auditedCsv(attendanceCsvChunks(db, q, model), audit);
}

/**
 * GET /shift/send_attendance_listing_email/: the CSV of the filter set goes to the asking staff
 * user through the outbox (the relay sends it; a failed send is retried there).
 */
export async function sendAttendanceListingEmail(
  db: DbOrTx,
  q: AttendanceListQuery,
  model: OnTimeModel,
  user: { email: string },
  audit?: ExportAudit,
): Promise<{ detail: string }> {
  const now = new Date();
  let csv = '';
  let rows = 0;
  for await (const chunk of attendanceCsvChunks(db, q, model, now)) {
    csv += chunk.text;
    rows += chunk.rows;
  }
  await enqueueEmail(db, {
    to: user.email,
    subject: `Attendance ${karachiDateString(now)}`,
    text: `The attendance records matching your filters (${rows} ${rows === 1 ? 'record' : 'records'}) are attached.`,
    attachments: [{ filename: attendanceCsvFileName(now), content: csv, contentType: 'text/csv' }],
  });
  await audit?.(rows);
  return { detail: SUCCESS.ATTENDANCE_LISTING_EMAIL };
}

/** GET /shift/rider-shift-attendance/?rider_shift=: the online chart's 5-minute slots. */
export async function listRiderShiftAttendance(
  db: DbOrTx,
  riderShiftId: number,
): Promise<AttendanceSlot[]> {
  const slots = await repo.riderShiftSlots(db, riderShiftId);
  if (slots === null) throw notFound();
  return slots.map((s) => ({
    startDatetimeslot: toKarachiIso(s.start),
    endDatetimeslot: toKarachiIso(new Date(s.start.getTime() + ATTENDANCE_SLOT_MS)),
    isPresent: s.isPresent,
  }));
}
