import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { riderLocationPings } from '../../db/schema/riders';
import { riderShiftAttendance, riderShifts } from '../../db/schema/shifts';
import { generateDemoData } from '../../demo/generate';
import { openTestPglite } from '../../test/db-template';
import { advanceTrail, shiftWindowStart, slotStartOf } from './attendance-trail';

/**
 * The demo's rider shifts read as the ping roll-up would have left them (docs/decisions/0037):
 * slots, online %, presence, state, and for today's running shifts the distance and trail of the
 * raw pings stored with them.
 */

let handle: DbHandle;
// 11:00 in Karachi: the morning shift runs, the afternoon one has not started.
const NOW = new Date('2026-03-04T11:00:00+05:00');
/** Shifts from here on keep their 5-minute slot rows: a week with today. */
const GRID_FROM = new Date('2026-02-26T00:00:00+05:00');

beforeAll(async () => {
  handle = await openTestPglite();
  await generateDemoData(handle.db, {
    orders: 200,
    staffPassword: 'demo-pass',
    seed: 11,
    now: NOW,
  });
});
afterAll(() => handle?.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('demo attendance', () => {
  it('every shift of the last week: online slots are its slot rows, online % follows, presence is the opening window', async () => {
    const [bad] = await rows<Record<string, number>>(sql`
      select -- online % over the shift's 5-minute slots, a last partial one counted (shiftSlotCount)
        count(*) filter (where rs.start_datetime >= ${GRID_FROM} and rs.online_slots <> coalesce(a.n, 0))::int as slots,
        count(*) filter (where rs.hotspot_recorded_at is not null
          and rs.online_percentage <> round(rs.online_slots * 100.0
            / ceil(extract(epoch from rs.end_datetime - rs.start_datetime) / 300), 2))::int as percentage,
        count(*) filter (where rs.is_present <> coalesce(rs.hotspot_recorded_at
          between rs.start_datetime - interval '15 minutes' and rs.start_datetime + interval '30 minutes', false))::int as presence,
        count(*) filter (where rs.state = 'in-progress' and not rs.is_present)::int as running_absent,
        count(*) filter (where rs.state = 'missed' and rs.hotspot_recorded_at is not null)::int as missed_with_fix,
        count(*) filter (where rs.state = 'completed' and rs.hotspot_recorded_at is null)::int as completed_without_fix,
        count(*) filter (where rs.start_datetime >= ${GRID_FROM} and rs.last_slot_start is distinct from a.last)::int as last_slot,
        count(*) filter (where rs.start_datetime < ${GRID_FROM} and a.n is not null)::int as old_grids
      from rider_shifts rs
      left join (
        select rider_shift_id, count(*) filter (where r.slot_start >= s.start_datetime)::int as n,
               max(r.slot_start) as last
        from rider_shift_attendance r join rider_shifts s on s.id = r.rider_shift_id
        group by rider_shift_id
      ) a on a.rider_shift_id = rs.id`);
    expect(bad).toEqual({
      slots: 0,
      percentage: 0,
      presence: 0,
      running_absent: 0,
      missed_with_fix: 0,
      completed_without_fix: 0,
      last_slot: 0,
      old_grids: 0,
    });
  });

  it('holds believable variety: late riders, riders starting away from the hotspot, gaps offline, no-shows', async () => {
    const [c] = await rows<Record<string, number>>(sql`
      select -- online % over the shift's 5-minute slots, a last partial one counted (shiftSlotCount)
        count(*) filter (where state = 'completed' and not is_present)::int as late,
        count(*) filter (where rider_did_start_inside_hotspot = false)::int as outside,
        count(*) filter (where state = 'completed' and online_percentage < 100)::int as gaps,
        count(*) filter (where state = 'missed')::int as missed,
        count(*) filter (where state = 'in-progress')::int as running,
        count(*) filter (where state = 'completed' and is_present)::int as on_time
      from rider_shifts`);
    for (const k of ['late', 'outside', 'gaps', 'missed', 'running'] as const) {
      expect(c?.[k], k).toBeGreaterThan(0);
    }
    expect(c?.on_time).toBeGreaterThan((c?.late ?? 0) * 5);
  });

  it("today's running shifts: distance, trail and slots are their raw pings rolled up", async () => {
    const running = await handle.db
      .select()
      .from(riderShifts)
      .where(eq(riderShifts.state, 'in-progress'));
    expect(running.length).toBeGreaterThan(5);
    for (const s of running) {
      const pings = await handle.db
        .select()
        .from(riderLocationPings)
        .where(
          and(
            eq(riderLocationPings.riderId, s.riderId),
            gte(riderLocationPings.recordedAt, shiftWindowStart(s)),
            lt(riderLocationPings.recordedAt, s.endDatetime),
          ),
        )
        .orderBy(asc(riderLocationPings.recordedAt));
      expect(pings.length).toBeGreaterThan(0);
      const walked = advanceTrail(
        { point: null, metres: 0 },
        pings.map((p) => ({ ...p, at: p.recordedAt })),
      );
      expect(s.distanceTravelledMetres).toBe(Math.round(walked.metres));
      expect(s.trailRecordedAt).toEqual(walked.point?.at);
      expect(s.hotspotRecordedAt).toEqual(pings[0]!.recordedAt);
      const slots = await handle.db
        .select({ t: riderShiftAttendance.slotStart })
        .from(riderShiftAttendance)
        .where(eq(riderShiftAttendance.riderShiftId, s.id))
        .orderBy(asc(riderShiftAttendance.slotStart));
      expect(slots.map((r) => r.t.getTime())).toEqual([
        ...new Set(pings.map((p) => slotStartOf(p.recordedAt).getTime())),
      ]);
    }
  });
  it("past orders went to riders whose shift holds the pickup, so a shift's on-time % has pickups to judge", async () => {
    const [r] = await rows<{ total: number; in_shift: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where exists (
               select 1 from rider_shifts rs
               where rs.rider_id = o.assigned_rider_id
                 and o.pickup >= rs.start_datetime and o.pickup < rs.end_datetime))::int as in_shift
      from orders o
      where o.assigned_rider_id is not null
        and o.pickup < ${new Date(NOW.getTime() - 12 * 3_600_000)}
        and o.pickup > ${new Date(NOW.getTime() - 12 * 86_400_000)}`); // demo shifts go 13 days back
    expect(r?.total).toBeGreaterThan(20);
    // Missed shifts, days off and a region without a rider on shift leave a few outside.
    expect((r?.in_shift ?? 0) / (r?.total ?? 1)).toBeGreaterThan(0.8);
  });
});
