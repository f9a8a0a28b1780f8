import type { FulfillmentMethod, OrderState, Vertical } from '@dastak/core/states';
import { and, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../../db/schema/orders';
import { riderProfiles } from '../../../db/schema/riders';

/**
 * The orders lists' filter set as SQL: its WHERE with the selective filters bound as values and
 * the rest as literals, and the statement shape that names it (docs/decisions/0012-order-lists.md).
 */

/** The filter set as SQL needs it; undefined means "not filtered". */
export interface OrderListFilter {
  vertical: Vertical;
  /** ILIKE pattern on the order number, already escaped (lib/search-pattern.ts). */
  numberPattern?: string;
  /** Uppercase start of the order number ('B-2611'): orders_number_prefix_idx. */
  numberPrefix?: string;
  regions?: readonly number[];
  states?: readonly OrderState[];
  pickupFrom?: Date;
  pickupTo?: Date;
  rider?: number;
  createdBy?: number;
  problemString?: number;
  needsReview?: boolean;
  wasAutoAssigned?: boolean;
  wasManualAssigned?: boolean;
  isCovid?: boolean;
  fulfillmentMethod?: FulfillmentMethod;
  followUp?: boolean;
  moreThanFollowUps?: number;
  isFollowUpAddressed?: boolean;
  isUnverifiedByRider?: boolean;
  isFasting?: boolean;
  urgentDelivery?: boolean;
  isMedicineAndSpecificTime?: boolean;
  isOnline?: boolean;
  isWildcard?: boolean;
  addressTypes?: readonly number[];
}

export type SortColumn = 'pickup' | 'created' | 'modified';
export type SortKey = { column: SortColumn; desc: boolean };

export const SORT_COLUMNS = {
  pickup: orders.pickup,
  created: orders.created,
  modified: orders.modified,
} as const;

/**
 * A yes/no filter as a literal predicate, never a bound parameter: the planner matches the
 * partial indexes (`where needs_review`, `where total_follow_ups > 0`, ...) only on predicates
 * it can prove at plan time.
 */
const flag = (value: boolean | undefined, yes: SQL): SQL | undefined =>
  value === undefined ? undefined : value ? yes : sql`not (${yes})`;

// The ORDER_TYPES flag: 1 online (Regular), 2 offline (Hospital).
const ONLINE_ORDER_TYPE = sql.raw('1');

/** The filters bound as values; the others are literals of the statement text. */
const BOUND = [
  'numberPattern',
  'numberPrefix',
  'regions',
  'pickupFrom',
  'pickupTo',
  'rider',
  'createdBy',
  'problemString',
  'addressTypes',
] as const satisfies (keyof OrderListFilter)[];
type Bound = (typeof BOUND)[number];
const BOUND_SET = new Set<string>(BOUND);

const bound = (name: Bound) => sql.placeholder(name);

/**
 * The statement's shape (its text depends on nothing else): whether each bound filter is set,
 * and every other filter's value. A filter added later is a literal by default, so it can only
 * add shapes, never make two texts share one (lib/statement-cache.ts).
 */
export function shapeOf(f: OrderListFilter): string {
  const shape: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(f)) {
    // An empty list filters nothing, as whereOf reads it.
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    shape[key] = BOUND_SET.has(key) ? true : value;
  }
  return JSON.stringify(shape);
}

/** The bound filters' values, as the placeholders of whereOf name them. */
export function valuesOf(f: OrderListFilter): Record<string, unknown> {
  return {
    numberPattern: f.numberPattern,
    // Only the literal prefix; a LIKE wildcard typed into it matches itself, never anything.
    numberPrefix:
      f.numberPrefix === undefined ? undefined : `${f.numberPrefix.replace(/[\\%_]/g, '')}%`,
    regions: f.regions ? [...f.regions] : undefined,
    pickupFrom: f.pickupFrom?.toISOString(),
    pickupTo: f.pickupTo?.toISOString(),
    rider: f.rider,
    createdBy: f.createdBy,
    problemString: f.problemString,
    addressTypes: f.addressTypes ? [...f.addressTypes] : undefined,
  } satisfies Record<Bound, unknown>;
}

/** WHERE of the filter set, with the bound filters as placeholders (valuesOf fills them). */
export function whereOf(f: OrderListFilter): SQL {
  const followUps =
    f.moreThanFollowUps === undefined
      ? undefined
      : sql`${orders.totalFollowUps} > ${sql.raw(String(Math.trunc(f.moreThanFollowUps)))}`;
  const method = f.fulfillmentMethod
    ? sql`${orders.fulfillmentMethod} = ${sql.raw(`'${f.fulfillmentMethod === 'offline' ? 'offline' : 'online'}'`)}`
    : undefined;
  const vertical = sql.raw(`'${f.vertical === 'xray' ? 'xray' : 'blood'}'`);
  return and(
    sql`${orders.vertical} = ${vertical}`,
    f.numberPattern === undefined
      ? undefined
      : sql`${orders.number} ilike ${bound('numberPattern')}`,
    f.numberPrefix === undefined ? undefined : sql`${orders.number} like ${bound('numberPrefix')}`,
    f.regions?.length ? sql`${orders.regionId} = any(${bound('regions')})` : undefined,
    f.states?.length ? stateIn(f.states) : undefined,
    f.pickupFrom ? sql`${orders.pickup} >= ${bound('pickupFrom')}` : undefined,
    f.pickupTo ? sql`${orders.pickup} <= ${bound('pickupTo')}` : undefined,
    f.rider === undefined ? undefined : sql`${orders.assignedRiderId} = ${bound('rider')}`,
    f.createdBy === undefined ? undefined : sql`${orders.createdById} = ${bound('createdBy')}`,
    f.problemString === undefined
      ? undefined
      : sql`${orders.problemStringId} = ${bound('problemString')}`,
    flag(f.needsReview, sql`${orders.needsReview}`),
    flag(f.wasAutoAssigned, sql`${orders.wasAutoAssigned}`),
    flag(f.wasManualAssigned, sql`${orders.wasManualAssigned}`),
    flag(f.isCovid, sql`${orders.isCovid}`),
    method,
    flag(f.followUp, sql`${orders.totalFollowUps} > 0`),
    followUps,
    flag(f.isFollowUpAddressed, sql`${orders.isFollowUpAddressed}`),
    flag(f.isUnverifiedByRider, sql`${orders.isUnverifiedByRider}`),
    flag(f.isFasting, sql`${orders.isFasting}`),
    flag(f.urgentDelivery, sql`${orders.urgentDelivery}`),
    flag(f.isMedicineAndSpecificTime, sql`${orders.isMedicineAndSpecificTime}`),
    flag(f.isOnline, sql`${orders.orderType} = ${ONLINE_ORDER_TYPE}`),
    f.isWildcard === undefined
      ? undefined
      : f.isWildcard
        ? sql`${orders.assignedRiderId} = any(${wildcardRiderIds})`
        : sql`(${orders.assignedRiderId} is null or ${orders.assignedRiderId} <> all(${wildcardRiderIds}))`,
    f.addressTypes?.length
      ? sql`${orders.addressTypeId} = any(${bound('addressTypes')})`
      : undefined,
  ) as SQL;
}

/**
 * The wildcard riders' ids as an array (an init plan): 'yes' then finds their orders through
 * orders_rider_pickup_idx rather than by joining every order to its rider.
 */
const wildcardRiderIds = sql`array(select ${riderProfiles.userId} from ${riderProfiles}
  where ${riderProfiles.isWildcard})`;

/** States are literals for the same reason as the flags (state is part of two indexes). */
function stateIn(states: readonly OrderState[]): SQL {
  const list = [...new Set(states)].map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');
  return sql`${orders.state} in (${sql.raw(list)})`;
}
