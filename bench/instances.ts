import { DISPATCH_DEFAULTS } from '../apps/server/src/modules/dispatch/dispatch-config';
import type { SolveInput } from '../apps/server/src/modules/dispatch/routing/auto-assign';
import { roadLeg } from '../apps/server/src/modules/dispatch/routing/distance';
import type {
  OrderModel,
  RiderModel,
} from '../apps/server/src/modules/dispatch/routing/route-plan';

/** Seeded generators shared by the benchmarks: same seed, same instance, every run. */

export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MIN = 60_000;
export const NOW = Date.parse('2026-03-02T10:00:00+05:00');
export const CENTRE = { latitude: 31.52, longitude: 74.35 };

/** A point in a square of `halfKm` around the centre. */
export function pointIn(r: () => number, halfKm: number) {
  const dLat = halfKm / 111.32;
  const dLng = halfKm / (111.32 * Math.cos((CENTRE.latitude * Math.PI) / 180));
  return {
    latitude: CENTRE.latitude + (r() * 2 - 1) * dLat,
    longitude: CENTRE.longitude + (r() * 2 - 1) * dLng,
  };
}

export interface InstanceSpec {
  orders: number;
  riders: number;
  halfKm: number;
  /** Pickups fall uniformly in [min, max] minutes from now. */
  pickupMinutes: [number, number];
  /** Share of riders already holding 1-3 pickups. */
  busyShare: number;
}

export function instance(seed: number, spec: InstanceSpec): SolveInput {
  const r = rng(seed);
  let id = 1;
  const riders: RiderModel[] = Array.from({ length: spec.riders }, () => {
    const held = r() < spec.busyShare ? 1 + Math.floor(r() * 3) : 0;
    const pickups = Array.from({ length: held }, () => ({
      orderId: 1_000_000 + id++,
      point: pointIn(r, spec.halfKm),
      pickup: NOW + (10 + r() * 100) * MIN,
    })).sort((a, b) => a.pickup - b.pickup);
    return {
      id: id++,
      regionId: 1,
      cityId: 1,
      position: pointIn(r, spec.halfKm),
      isOnDuty: true,
      isOnline: true,
      state: held ? 1 : 0,
      isWildcard: false,
      isCovid: r() < 0.2,
      capacity: 5,
      cellId: null,
      availableFrom: 0,
      pickups,
      inHand: held,
      outsideHomeRegion: false,
    };
  });
  const [lo, hi] = spec.pickupMinutes;
  const orders: OrderModel[] = Array.from({ length: spec.orders }, () => ({
    orderId: id++,
    point: pointIn(r, spec.halfKm),
    pickup: NOW + (lo + r() * (hi - lo)) * MIN,
    regionId: 1,
    cityId: 1,
    isCovid: r() < 0.05,
    cellId: null,
  }));
  const config = { ...DISPATCH_DEFAULTS };
  return {
    orders,
    riders,
    now: NOW,
    travel: (a, b) => roadLeg(a, b, config),
    config,
    cells: { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() },
  };
}

export function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
}

export const ms = (x: number) => `${x.toFixed(2)} ms`;
