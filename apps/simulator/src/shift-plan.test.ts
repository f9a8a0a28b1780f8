import { describe, expect, it } from 'vitest';
import { distanceMetres } from './geo';
import { Rng } from './random';
import { phaseAt, pickPersona, planShift, type RiderShiftInfo, ShiftTracker } from './shift-plan';

const MINUTE = 60_000;
const hotspot = { latitude: 31.5204, longitude: 74.3587 };
const start = Date.parse('2026-11-25T09:00:00+05:00');
const end = Date.parse('2026-11-25T15:00:00+05:00');
const shift: RiderShiftInfo = {
  id: 7,
  startDatetime: '2026-11-25T09:00:00+05:00',
  endDatetime: '2026-11-25T15:00:00+05:00',
  state: 'scheduled',
  breakEndsAt: null,
  hotspot,
};

describe('simulated riders keep their shifts', () => {
  it('mixes punctual, late, no-show and outside-hotspot riders, most of them punctual', () => {
    const rng = new Rng(42);
    const counts = { punctual: 0, late: 0, 'no-show': 0, 'outside-hotspot': 0 };
    for (let i = 0; i < 2_000; i++) counts[pickPersona(rng)]++;
    expect(counts.punctual).toBeGreaterThan(1_300);
    expect(counts.late).toBeGreaterThan(200);
    expect(counts['no-show']).toBeGreaterThan(50);
    expect(counts['outside-hotspot']).toBeGreaterThan(100);
  });

  it('a punctual rider comes online up to 10 minutes before the start, near the hotspot', () => {
    const plan = planShift(shift, 'punctual', new Rng(1), start - 2 * 60 * MINUTE);
    expect(plan.onlineAt).toBeGreaterThanOrEqual(start - 10 * MINUTE);
    expect(plan.onlineAt).toBeLessThanOrEqual(start);
    expect(plan.offlineAt).toBe(end);
    expect(distanceMetres(plan.startPoint!, hotspot)).toBeLessThanOrEqual(101);
  });

  it('a late rider comes online after the opening window (start + 30 min)', () => {
    const plan = planShift(shift, 'late', new Rng(2), start - 60 * MINUTE);
    expect(plan.onlineAt).toBeGreaterThan(start + 30 * MINUTE);
    expect(plan.onlineAt).toBeLessThan(end);
  });

  it('a no-show never comes online; an outside rider starts over 800 m from the hotspot', () => {
    expect(planShift(shift, 'no-show', new Rng(3), start).onlineAt).toBeNull();
    const away = planShift(shift, 'outside-hotspot', new Rng(4), start);
    expect(distanceMetres(away.startPoint!, hotspot)).toBeGreaterThanOrEqual(800);
  });

  it('a shift already under way when the simulator starts is joined now, not in the past', () => {
    const now = start + 2 * 60 * MINUTE;
    expect(planShift(shift, 'punctual', new Rng(5), now).onlineAt).toBe(now);
  });

  it('waits, works, stands still through a break, and goes off at the end', () => {
    const plan = planShift(shift, 'punctual', new Rng(6), start - 60 * MINUTE);
    const onlineAt = plan.onlineAt!;
    expect(phaseAt(plan, onlineAt - 1, null)).toBe('waiting');
    expect(phaseAt(plan, onlineAt, null)).toBe('on-shift');
    const breakEnds = start + 3 * 60 * MINUTE;
    expect(phaseAt(plan, breakEnds - 1, breakEnds)).toBe('on-break');
    expect(phaseAt(plan, breakEnds, breakEnds)).toBe('on-shift');
    expect(phaseAt(plan, end, null)).toBe('off');
    expect(phaseAt(null, start, null)).toBe('off');
  });

  it('the tracker keeps one plan per shift, sees a break, and drops the plan when the shift goes', async () => {
    let answer: unknown = shift;
    let calls = 0;
    const tracker = new ShiftTracker(
      async () => {
        calls++;
        return answer;
      },
      new Rng(7),
      () => {},
    );
    const t0 = start + 60 * MINUTE;
    const first = await tracker.phase(t0);
    expect(['on-shift', 'waiting', 'off']).toContain(first);
    await tracker.phase(t0 + 30_000); // within the minute: no new call
    expect(calls).toBe(1);
    const breakEndsAt = new Date(t0 + 20 * MINUTE).toISOString();
    answer = { shift: { ...shift, state: 'in-progress', breakEndsAt } };
    const planned = tracker.startPoint;
    const second = await tracker.phase(t0 + 61_000);
    expect(calls).toBe(2);
    expect(tracker.startPoint).toEqual(planned); // same shift, same plan
    if (first !== 'off') expect(second).toBe('on-break');
    answer = null;
    expect(await tracker.phase(t0 + 2 * 61_000)).toBe('off');
  });
});
