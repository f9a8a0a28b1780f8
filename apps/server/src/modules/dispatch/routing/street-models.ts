import { DISPATCH_DEFAULTS } from '../dispatch-config';
import type { SolveInput } from './auto-assign';
import { roadLeg } from './distance';
import type { OrderModel, RiderModel } from './route-plan';

/**
 * Orders and riders along one street for the solver's pure tests: a Monday morning in Lahore,
 * every order due 20 minutes from now unless a test says otherwise.
 */
export const MIN = 60_000;
export const now = Date.parse('2026-03-02T10:00:00+05:00');
export const config = { ...DISPATCH_DEFAULTS };
// Along one street at latitude 31.5: 0.01 degree of longitude is about 0.95 km of road.
export const on = (lng: number) => ({ latitude: 31.5, longitude: lng });
/** An order due 20 minutes from now at `point`: also the suggested-rider tests' builder. */
export const orderAt = (
  id: number,
  point: OrderModel['point'],
  o: Partial<OrderModel> = {},
): OrderModel => ({
  orderId: id,
  point,
  pickup: now + 20 * MIN,
  regionId: 1,
  cityId: 1,
  isCovid: false,
  cellId: null,
  ...o,
});
export const order = (id: number, lng: number, o: Partial<OrderModel> = {}) =>
  orderAt(id, on(lng), o);
/** An idle rider on duty and online at `position`: also the suggested-rider tests' builder. */
export const riderAt = (
  id: number,
  position: RiderModel['position'],
  r: Partial<RiderModel> = {},
): RiderModel => ({
  id,
  regionId: 1,
  cityId: 1,
  position,
  isOnDuty: true,
  isOnline: true,
  state: 0,
  isWildcard: false,
  isCovid: false,
  capacity: 5,
  cellId: null,
  availableFrom: 0,
  pickups: [],
  inHand: 0,
  outsideHomeRegion: false,
  ...r,
});
export const rider = (id: number, lng: number, r: Partial<RiderModel> = {}) =>
  riderAt(id, on(lng), r);
export const input = (
  orders: OrderModel[],
  riders: RiderModel[],
  more: Partial<SolveInput> = {},
): SolveInput => ({
  orders,
  riders,
  now,
  travel: (a, b) => roadLeg(a, b, config),
  config,
  cells: { hyperlocal: false, minRiders: new Map(), freeRiders: new Map() },
  ...more,
});
