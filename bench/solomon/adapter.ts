import { DISPATCH_DEFAULTS } from '../../apps/server/src/modules/dispatch/dispatch-config';
import type { SolveInput } from '../../apps/server/src/modules/dispatch/routing/auto-assign';
import type { Point } from '../../apps/server/src/modules/dispatch/routing/distance';
import type {
  OrderModel,
  RiderModel,
} from '../../apps/server/src/modules/dispatch/routing/route-plan';
import type { SearchOptions } from '../../apps/server/src/modules/dispatch/routing/route-problem';
import type { SolomonInstance } from './parse';

/**
 * Maps a Solomon instance onto the production model, nothing more: one Solomon time unit is one
 * minute (route-plan keeps clock times in epoch ms and legs in minutes), so windows become
 * epoch-ms offsets from 0, service time becomes the per-pickup service minutes, and a leg of
 * floor(10 x Euclidean) / 10 units is that many minutes. Customers are orders with their own
 * window and load; vehicles are riders at the depot whose route ends back there by its due time.
 */
const MIN = 60_000;

/** The benchmark's edge: floor(10 x Euclidean) / 10; sqrt of an integer square is exact. */
export function edge(a: Point, b: Point): number {
  const dx = a.longitude - b.longitude;
  const dy = a.latitude - b.latitude;
  return Math.floor(Math.sqrt(100 * (dx * dx + dy * dy))) / 10;
}

export function toSolveInput(inst: SolomonInstance, search?: SearchOptions): SolveInput {
  const at = (i: number): Point => ({ latitude: inst.y[i]!, longitude: inst.x[i]! });
  const orders: OrderModel[] = [];
  for (let i = 1; i < inst.x.length; i++) {
    orders.push({
      orderId: i,
      point: at(i),
      pickup: inst.ready[i]! * MIN,
      earliest: inst.ready[i]! * MIN,
      latest: inst.due[i]! * MIN,
      load: inst.demand[i]!,
      regionId: 1,
      cityId: 1,
      isCovid: false,
      cellId: null,
    });
  }
  const riders: RiderModel[] = Array.from({ length: inst.vehicles }, (_, v) => ({
    id: v + 1,
    regionId: 1,
    cityId: 1,
    position: at(0),
    isOnDuty: true,
    isOnline: true,
    state: 0,
    isWildcard: false,
    isCovid: false,
    capacity: inst.capacity,
    cellId: null,
    availableFrom: 0,
    pickups: [],
    inHand: 0,
    outsideHomeRegion: false,
    end: { point: at(0), latest: inst.due[0]! * MIN },
  }));
  return {
    orders,
    riders,
    now: inst.ready[0]! * MIN,
    travel: (a, b) => {
      const d = edge(a, b);
      return { minutes: d, metres: d };
    },
    config: { ...DISPATCH_DEFAULTS, pickupServiceMinutes: inst.serviceTime, onTimeGraceMinutes: 0 },
    cells: { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() },
    sequence: 'free',
    search,
  };
}
