import { describe, expect, it } from 'vitest';
import { CENTRE } from '../instances';
import { POLICIES } from './policies';
import { figures, LATE_CAUSES, OUTCOMES } from './report';
import { simulateDay } from './simulate';
import { BUSY_DAY, DAY_START, type Day, generateDay, type SimRider } from './world';

const MIN = 60_000;
const HOUR = 60;
const slice = generateDay({ ...BUSY_DAY, seed: 7 });
const byName = (name: string) => POLICIES.find((p) => p.name === name)!;

describe('a one-hour slice of the simulated day', () => {
  it('gives the same figures for the same seed under every policy, and others for another day', () => {
    for (const policy of POLICIES) {
      const run = (seed: number) =>
        figures(simulateDay(generateDay({ ...BUSY_DAY, seed }), policy, { sliceMinutes: HOUR }));
      // Solver milliseconds are wall-clock time: everything else must repeat exactly.
      const { solveMs: _a, ...a } = run(7);
      const { solveMs: _b, ...b } = run(7);
      expect(a.booked, policy.name).toBeGreaterThan(10);
      expect(b, policy.name).toEqual(a);
      expect(run(8).riderKm, policy.name).not.toBe(a.riderKm);
    }
  });

  it('accounts for every booked order once, under every policy', () => {
    for (const policy of POLICIES) {
      const f = figures(simulateDay(slice, policy, { sliceMinutes: HOUR }));
      const outcomes = OUTCOMES.reduce((s, k) => s + f.outcomes[k], 0);
      const late = LATE_CAUSES.reduce((s, k) => s + f.lateByCause[k], 0);
      expect(outcomes, policy.name).toBe(f.booked);
      expect(late + f.reachedOnTime, policy.name).toBe(f.booked);
      expect(f.collected, policy.name).toBeGreaterThan(0);
      expect(f.riderKm, policy.name).toBeGreaterThan(0);
    }
  });
});

describe('the nearest-rider policy', () => {
  /** A rider on shift all day at `kmEast` km east of the centre. */
  const rider = (id: number, kmEast: number, onlineAt: number | null = DAY_START): SimRider => ({
    id,
    hotspot: {
      latitude: CENTRE.latitude,
      longitude: CENTRE.longitude + kmEast / (111.32 * Math.cos((CENTRE.latitude * Math.PI) / 180)),
    },
    isCovid: false,
    shiftStart: DAY_START,
    shiftEnd: DAY_START + 8 * HOUR * MIN,
    onlineAt,
    problem: null,
    noiseSeed: id,
  });

  it('gives the order to the nearest rider on duty, not one still off duty', () => {
    const day: Day = {
      spec: { ...BUSY_DAY, seed: 1, riders: 4, orders: 1 },
      // Rider 4 sits on the door but comes on duty only after the order is handed out.
      riders: [rider(1, 6), rider(2, 2), rider(3, -3), rider(4, 0, DAY_START + 30 * MIN)],
      orders: [
        {
          id: 1,
          point: CENTRE,
          pickup: DAY_START + 60 * MIN,
          bookedAt: DAY_START,
          isCovid: false,
          serviceMinutes: 10,
          patientAway: false,
        },
      ],
      centres: [CENTRE],
    };
    const result = simulateDay(day, byName('nearest free rider'), { sliceMinutes: 2 * HOUR });
    const [order] = result.orders;
    expect(order!.riderId).toBe(2);
    expect(order!.reachedAt).not.toBeNull();
    expect(order!.deliveredAt).not.toBeNull();
  });
});
