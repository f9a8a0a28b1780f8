import { describe, expect, it } from 'vitest';
import { DISPATCH_DEFAULTS, type DispatchConfig } from '../dispatch-config';
import { eligible } from '../routing/auto-assign';
import { roadLeg } from '../routing/distance';
import type { OrderModel, RiderModel } from '../routing/route-plan';
import { MIN, now, orderAt, riderAt } from '../routing/street-models';
import { type CellContext, groupRiders, scoreRider } from './scoring';

const config: DispatchConfig = { ...DISPATCH_DEFAULTS };
const travel = (a: RiderModel['position'] & {}, b: RiderModel['position'] & {}) =>
  roadLeg(a, b, config);
const noCells: CellContext = { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() };
const ctx = (cells = noCells) => ({ now, travel, config, cells });

// 0.01 degree of latitude is about 1.1 km, 1.5 km on the road, 4.5 minutes at 20 km/h.
const at = (dLat: number, dLng = 0) => ({ latitude: 31.5 + dLat, longitude: 74.35 + dLng });
// Pickup 30 minutes from now, 1.5 km from an idle rider unless a test says otherwise.
const order = (o: Partial<OrderModel> = {}) =>
  orderAt(100, at(0), { pickup: now + 30 * MIN, ...o });
let nextId = 1;
const rider = (r: Partial<RiderModel> = {}) => riderAt(nextId++, at(0.01), r);

describe('scoreRider', () => {
  it('a near idle rider is on time, with road distance and minutes and a full breakdown', () => {
    const e = scoreRider(order(), rider(), ctx());
    expect(e.group).toBe('availableRiders');
    expect(e.lateMinutes).toBe(0);
    expect(e.roadDistance).toBeGreaterThan(1400);
    expect(e.roadDistance).toBeLessThan(1600);
    expect(e.onRoadTime).toBeCloseTo(4.5, 0);
    expect(e.breakdown).toEqual({
      travel: 37,
      lateness: 30,
      load: 15,
      cellCoverage: 10,
      skills: 5,
    });
    expect(e.totalScore).toBe(97);
  });

  it('a far rider would arrive after the pickup: late, and scores lower', () => {
    const near = scoreRider(order(), rider(), ctx());
    const far = scoreRider(order(), rider({ position: at(0.2) }), ctx());
    expect(far.group).toBe('lateRiders');
    expect(far.lateMinutes).toBeGreaterThan(40);
    expect(far.breakdown.lateness).toBeLessThan(30);
    expect(far.totalScore).toBeLessThan(near.totalScore);
  });

  it("walks the rider's queue first: a far pickup due earlier makes a near rider late", () => {
    const busy = rider({
      pickups: [{ orderId: 7, point: at(0.1), pickup: now + 10 * MIN }],
      inHand: 1,
      state: 1,
    });
    const e = scoreRider(order(), busy, ctx());
    expect(e.group).toBe('lateRiders');
    // Road to the queued pickup and back is counted in the distance to the order.
    expect(e.roadDistance).toBeGreaterThan(25_000);
    expect(e.breakdown.load).toBe(12);
  });

  it('a rider who would let a held sample expire on the way is late, never available (ADR 0048)', () => {
    // The lab 2.2 km north of the rider; the order 1.1 km south, due in 30 minutes.
    const lab = at(0.03);
    const fresh = rider({ end: { point: lab, latest: now + 300 * MIN }, inHand: 1, state: 1 });
    const tight = rider({ end: { point: lab, latest: now + 40 * MIN }, inHand: 1, state: 1 });
    const ok = scoreRider(order(), fresh, ctx());
    expect(ok).toMatchObject({ group: 'availableRiders', lateMinutes: 0, sampleLateMinutes: 0 });
    // Waits at the door until 30, 10 minutes there, 13.5 minutes to the lab: 53.5 against 40.
    const e = scoreRider(order(), tight, ctx());
    expect(e).toMatchObject({ group: 'lateRiders', lateMinutes: 0, sampleLateMinutes: 13.5 });
    expect(e.breakdown.lateness).toBeLessThan(ok.breakdown.lateness);
    expect(e.totalScore).toBeLessThan(ok.totalScore);
    // A queue that already misses its end (at the lab by 9 against -5) is charged only the
    // minutes this order adds: 53.5 - 9.
    const missed = rider({ end: { point: lab, latest: now - 5 * MIN }, inHand: 1, state: 1 });
    expect(scoreRider(order(), missed, ctx()).sampleLateMinutes).toBe(44.5);
  });

  it('a rider on a break starts moving when it ends', () => {
    const e = scoreRider(order(), rider({ availableFrom: now + 40 * MIN }), ctx());
    expect(e.group).toBe('lateRiders');
    expect(e.arrival).toBeGreaterThan(now + 44 * MIN);
  });

  it('costs cell coverage when the rider would leave a hyperlocal cell at its minimum', () => {
    const cells = (free: number): CellContext => ({
      hyperlocal: true,
      minRiders: new Map([[7, 1]]),
      freeRiders: new Map([[7, free]]),
    });
    const r = rider({ cellId: 7 });
    expect(scoreRider(order(), r, ctx(cells(1))).breakdown.cellCoverage).toBe(0);
    expect(scoreRider(order(), r, ctx(cells(2))).breakdown.cellCoverage).toBe(10);
    expect(scoreRider(order({ cellId: 7 }), r, ctx(cells(1))).breakdown.cellCoverage).toBe(10);
  });
});

describe('groupRiders', () => {
  it('puts every kind of rider in its group, available best first', () => {
    const best = rider({ position: at(0.002) });
    const good = rider();
    const late = rider({ position: at(0.3) });
    const full = rider({ inHand: 5, state: 2 });
    const delivering = rider({ state: 3 });
    const away = rider({ outsideHomeRegion: true });
    const otherRegion = rider({ regionId: 2 });
    const wildcard = rider({ regionId: 2, isWildcard: true });
    const offDuty = rider({ isOnDuty: false });
    const offline = rider({ isOnline: false });
    const g = groupRiders(
      order(),
      [good, late, full, delivering, away, otherRegion, wildcard, offDuty, offline, best],
      ctx(),
    );
    const ids = (k: keyof typeof g) => g[k].map((e) => e.riderId);
    expect(ids('availableRiders')).toEqual([best.id, good.id, wildcard.id]);
    expect(ids('lateRiders')).toEqual([late.id]);
    expect(ids('outOfCapacityRiders')).toEqual([full.id]);
    expect(ids('deliveringRiders')).toEqual([delivering.id]);
    expect(ids('outOfRegionRiders').sort()).toEqual([away.id, otherRegion.id].sort());
    expect(ids('offDutyRiders').sort()).toEqual([offDuty.id, offline.id].sort());
    // A wildcard borrowed from another region loses skill points, not eligibility.
    expect(g.availableRiders[2]!.breakdown.skills).toBe(3);
  });

  it('covid orders list only covid riders; covid riders on normal orders score a little less', () => {
    const normal = rider();
    const covid = rider({ isCovid: true });
    const g = groupRiders(order({ isCovid: true }), [normal, covid], ctx());
    expect(g.availableRiders.map((e) => e.riderId)).toEqual([covid.id]);
    expect(Object.values(g).flat()).toHaveLength(1);
    const n = groupRiders(order(), [normal, covid], ctx());
    expect(n.availableRiders.map((e) => e.riderId)).toEqual([normal.id, covid.id]);
  });

  it('riders of another city are in no group and never eligible for the job', () => {
    const here = rider({ regionId: 2, isWildcard: true });
    const elsewhere = rider({ regionId: 9, cityId: 2, isWildcard: true });
    const g = groupRiders(order(), [here, elsewhere], ctx());
    expect(
      Object.values(g)
        .flat()
        .map((e) => e.riderId),
    ).toEqual([here.id]);
    expect(eligible(order(), here)).toBe(true);
    expect(eligible(order(), elsewhere)).toBe(false);
  });

  it('riders without a position are listed late, never available', () => {
    const g = groupRiders(order(), [rider({ position: null })], ctx());
    expect(g.lateRiders).toHaveLength(1);
    expect(g.lateRiders[0]!.roadDistance).toBeNull();
  });
});
