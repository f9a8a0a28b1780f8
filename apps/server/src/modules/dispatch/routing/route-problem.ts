import type { DispatchConfig } from '../dispatch-config';
import type { OrderModel, RiderModel, TravelFn } from './route-plan';

/**
 * The free routing problem and its answer, apart from the search that solves it: the search
 * (route-search), its improvement moves (route-improve) and the network they share
 * (route-network) all read these, and importing them from route-search made a circle.
 */

export interface SearchOptions {
  /** Wall-clock budget of the improvement search. */
  budgetMs: number;
  /** Same seed and same iterations give the same plan. */
  seed: number;
  /** Stop after this many ruin-and-recreate rounds (the cooling schedule follows them). */
  iterations?: number;
}

export interface FreeProblem {
  orders: readonly OrderModel[];
  riders: readonly RiderModel[];
  now: number;
  travel: TravelFn;
  config: DispatchConfig;
  /** The rules let rider ri take order oi (eligibility, skills, reachable alone). */
  allowed: (oi: number, ri: number) => boolean;
  /** Minutes of preference penalty for giving order oi to rider ri. */
  pairCost: (oi: number, ri: number) => number;
  search?: SearchOptions;
}

export interface RouteAnswer {
  riderId: number;
  /** Held and new pickups in visiting order. */
  orderIds: number[];
}

export interface FreeAnswer {
  routes: RouteAnswer[];
  unassigned: number[];
  /** Travel minutes (including legs to route ends) plus preference penalties. */
  cost: number;
  iterations: number;
}
