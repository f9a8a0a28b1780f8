import type { DispatchConfig } from '../../apps/server/src/modules/dispatch/dispatch-config';
import type { Point } from '../../apps/server/src/modules/dispatch/routing/distance';
import { rng } from '../instances';
import type { SimOrder, SimRider } from './world';

/** What the simulated day keeps per order and per rider, and the small helpers over them. */

/** Samples must reach a centre within this many minutes of collection. */
export const SAMPLE_LIFE_MIN = 240;

export type OrderStatus =
  | 'future'
  | 'waiting'
  | 'assigned'
  | 'reached'
  | 'collected'
  | 'delivered'
  | 'patientAway'
  | 'problem';

export interface OrderRecord {
  order: SimOrder;
  status: OrderStatus;
  riderId: number | null;
  reachedAt: number | null;
  collectedAt: number | null;
  deliveredAt: number | null;
  /** Went to 'problem' because the job found nobody on time. */
  escalated: boolean;
  /** Held by a rider who broke down or dropped out. */
  riderProblem: boolean;
  /** Given to a rider whose plan already reached the door late. */
  assignedLate: boolean;
  /** Planned on time, then planned late once the job (or a dispatcher) gave its rider more. */
  bumped: 'job' | 'dispatcher' | null;
}

export type Leg = {
  from: Point;
  to: Point;
  depart: number;
  arrive: number;
  metres: number;
  /** The order ridden to, or null for the collection centre. */
  orderId: number | null;
};

export interface RiderRecord {
  sim: SimRider;
  present: boolean;
  gone: boolean;
  dropped: boolean;
  pos: Point;
  leg: Leg | null;
  queue: OrderRecord[];
  /**
   * The visiting order of the rider's last plan from a solver that chooses it (order ids);
   * null: slot order, as the production route model walks.
   */
  sequence: number[] | null;
  atDoor: OrderRecord | null;
  carried: OrderRecord[];
  brokenUntil: number;
  /** At a centre handing the box over. */
  handingOver: boolean;
  version: number;
  legs: number;
  metres: number;
  onAt: number;
  offAt: number | null;
}

export interface SimResult {
  policy: string;
  orders: OrderRecord[];
  riderKm: number;
  riderHours: number;
  /** Milliseconds of real time the policy's solver took over the day. */
  solveMs: number;
  dispatchRuns: number;
}

export interface SimOptions {
  /** Tunables to run with instead of the defaults (a policy may override them again). */
  config?: Partial<DispatchConfig>;
  /** Stop booking and dispatching after this many minutes from DAY_START (a slice of the day). */
  sliceMinutes?: number;
}

export const bySlot = (a: OrderRecord, b: OrderRecord) =>
  a.order.pickup - b.order.pickup || a.order.id - b.order.id;

export const lerp = (a: Point, b: Point, f: number): Point => ({
  latitude: a.latitude + (b.latitude - a.latitude) * f,
  longitude: a.longitude + (b.longitude - a.longitude) * f,
});

/** Road noise of one leg: log-normal around the street-speed estimate, seeded per rider and leg. */
export function noiseFactor(seed: number, leg: number): number {
  const r = rng(seed ^ Math.imul(leg + 1, 0x9e3779b1));
  const u1 = Math.max(1e-9, r());
  const u2 = r();
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return Math.min(2, Math.max(0.7, Math.exp(0.2 * z)));
}
