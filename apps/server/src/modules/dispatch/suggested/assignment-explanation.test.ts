import { explainAssignment } from '@dastak/core/messages/dispatch';
import { describe, expect, it } from 'vitest';
import { DISPATCH_DEFAULTS, type DispatchConfig } from '../dispatch-config';
import { type Point, roadLeg } from '../routing/distance';
import type { RiderModel } from '../routing/route-plan';
import { now, orderAt, riderAt } from '../routing/street-models';
import { explainChoice } from './assignment-explanation';
import { type CellContext, groupRiders } from './scoring';

const config: DispatchConfig = { ...DISPATCH_DEFAULTS };
const noCells: CellContext = { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() };
const ctx = { now, travel: (a: Point, b: Point) => roadLeg(a, b, config), config, cells: noCells };

// 0.01 degree of latitude is about 1.5 km on the road, 4.5 minutes at 20 km/h.
const at = (dLat: number) => ({ latitude: 31.5 + dLat, longitude: 74.35 });
const order = orderAt(100, at(0));
const rider = (id: number, r: Partial<RiderModel> = {}) => riderAt(id, at(0.01), r);
const names: Record<number, string> = {
  1: 'Ali Khan',
  2: 'Sara Ahmed',
  3: 'Far Rider',
  4: 'Off Duty',
};
const nameOf = (id: number) => names[id]!;

const near = rider(1);
const mid = rider(2, { position: at(0.03) });
const far = rider(3, { position: at(0.12) });
const offDuty = rider(4, { isOnDuty: false, position: at(0) });
const everyone = [far, mid, near, offDuty];

describe('explainChoice', () => {
  it("carries the dialog's figures for the chosen rider and the next in the dialog's order", () => {
    const dialog = groupRiders(order, everyone, ctx);
    const e = explainChoice(order, everyone, ctx, near.id, nameOf)!;
    const [first, second] = dialog.availableRiders;
    expect(e.chosen).toEqual({
      riderId: near.id,
      name: 'Ali Khan',
      score: first!.totalScore,
      minutesAway: first!.onRoadTime,
      lateMinutes: 0,
    });
    expect(e.nextBest).toMatchObject({ riderId: mid.id, score: second!.totalScore });
    expect(explainAssignment(e)).toBe(
      'Auto-assigned Ali Khan: 5 min away, on time, score 97.0. ' +
        'Next best Sara Ahmed: 14 min away, on time, score 91.0 (6.0 points lower).',
    );
  });

  it('reports how late a late choice is, against the best rider it was preferred to', () => {
    const e = explainChoice(order, everyone, ctx, far.id, nameOf)!;
    const late = groupRiders(order, everyone, ctx).lateRiders[0]!;
    expect(late.riderId).toBe(far.id);
    expect(e.chosen.lateMinutes).toBe(late.lateMinutes);
    expect(e.chosen.lateMinutes).toBeGreaterThan(0);
    // The batch may place a lower-scored rider; the next best is then the better one.
    expect(e.nextBest?.riderId).toBe(near.id);
    expect(explainAssignment(e)).toMatch(/min late, score .* points higher\)\.$/);
  });

  it('has no next best when the chosen rider is the only one able to take the order', () => {
    const e = explainChoice(order, [near, offDuty], ctx, near.id, nameOf);
    expect(e?.nextBest).toBeNull();
  });

  it('says nothing for a rider the dialog would not offer', () => {
    expect(explainChoice(order, everyone, ctx, offDuty.id, nameOf)).toBeNull();
  });
});
