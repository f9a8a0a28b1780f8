import { RIDER_TASK_TYPES } from '@dastak/core/states';
import { describe, expect, it } from 'vitest';
import { type CandidateRiderRow, decodeQueue } from '../dispatch.repository';
import { MIN, now } from '../routing/street-models';
import { toRiderModels } from './rider-models';

/** rider_profiles.queue snapshots as stored (ADR 0009), and the route end they give (ADR 0048). */

const iso = (ms: number) => new Date(ms).toISOString();
const lab = { latitude: 31.53, longitude: 74.36 };
const farLab = { latitude: 31.6, longitude: 74.3 };
const delivery = (orderId: number, expiresIn: number, centre: typeof lab | null = lab) => [
  RIDER_TASK_TYPES.DELIVERY,
  iso(now + expiresIn * MIN),
  orderId,
  'collected',
  iso(now - 60 * MIN),
  31.5,
  74.35,
  false,
  centre?.latitude ?? null,
  centre?.longitude ?? null,
];
const row: CandidateRiderRow = {
  id: 7,
  firstName: 'Sana',
  lastName: 'Rider',
  phone: null,
  regionId: 1,
  cityId: 1,
  state: 1,
  isOnline: true,
  isOnDuty: true,
  isWildcard: false,
  isCovid: false,
  lastKnownLatitude: 31.5,
  lastKnownLongitude: 74.35,
  lastSeenAt: null,
  completedOrdersCount: 0,
  capacity: 5,
  shiftBreakEndTime: null,
  cellId: null,
  cellName: null,
};
const modelOf = (queue: unknown[]) =>
  toRiderModels([row], decodeQueue(row.id, queue), new Map(), now)[0]!;

describe('decodeQueue', () => {
  it("reads a delivery's centre from the positions appended for sample stability", () => {
    expect(decodeQueue(7, [delivery(1, 40)])).toEqual([
      {
        riderId: 7,
        type: RIDER_TASK_TYPES.DELIVERY,
        deadline: new Date(now + 40 * MIN),
        orderId: 1,
        orderState: 'collected',
        pickup: new Date(now - 60 * MIN),
        latitude: 31.5,
        longitude: 74.35,
        isFasting: false,
        centerLatitude: lab.latitude,
        centerLongitude: lab.longitude,
      },
    ]);
  });

  it('still decodes snapshots written before it (7 and 8 positions): no centre, not fasting', () => {
    const old = [RIDER_TASK_TYPES.PICKUP, iso(now), 2, 'assigned', iso(now), 31.5, 74.35];
    const [seven, eight] = decodeQueue(7, [old, [...old, true]]);
    expect(seven).toMatchObject({ isFasting: false, centerLatitude: null, centerLongitude: null });
    expect(eight).toMatchObject({ isFasting: true, centerLatitude: null, centerLongitude: null });
    expect(decodeQueue(7, null)).toEqual([]);
  });
});

describe('toRiderModels: the route end of a rider holding samples', () => {
  it('is the centre of the soonest-expiring delivery, by its expiry', () => {
    const rider = modelOf([
      delivery(1, 300, farLab),
      delivery(2, 40, lab),
      delivery(3, 90, farLab),
    ]);
    expect(rider.end).toEqual({ point: lab, latest: now + 40 * MIN });
    expect(rider.inHand).toBe(3);
    expect(rider.pickups).toEqual([]);
  });

  it('leaves out a sample already expired (riding first cannot save it) and a delivery with no centre pin', () => {
    expect(modelOf([delivery(1, -5, lab), delivery(2, 120, farLab)]).end).toEqual({
      point: farLab,
      latest: now + 120 * MIN,
    });
    expect(modelOf([delivery(1, 40, null)]).end).toBeNull();
    const old = delivery(1, 40).slice(0, 8);
    expect(modelOf([old]).end).toBeNull();
  });

  it('a rider with no sample in the box has no end', () => {
    const pickup = [
      RIDER_TASK_TYPES.PICKUP,
      iso(now + 60 * MIN),
      4,
      'assigned',
      iso(now),
      31.51,
      74.35,
    ];
    expect(modelOf([pickup]).end).toBeNull();
    expect(modelOf([]).end).toBeNull();
  });
});
