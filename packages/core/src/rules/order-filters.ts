import { VALIDATION } from '../messages';
import {
  FULFILLMENT_METHODS,
  type FulfillmentMethod,
  isOrderState,
  type OrderState,
  type Vertical,
} from '../states';
import { camelToSnake } from '../wire-case';
import { endOfKarachiDay, parseKarachi, startOfKarachiDay, toKarachiIso } from './karachi-time';

/** A yes/no filter is a single-value toggle; '' means unset (spec §5). */
export type Toggle = '' | 'true' | 'false';
/** Orders lists sort by pickup only; '' falls back to the default '-created'. */
export type OrderSorting = '' | 'pickup' | '-pickup';

/** The order filter set of spec §3, kept in the orders page query string. */
export type OrderFilterSet = {
  search: string;
  regions: number[];
  /** Regions to restore when 'All Regions' is unchecked (console state, never sent to the API). */
  prevSelectedRegions: number[];
  allRegions: boolean;
  states: OrderState[];
  pickupFrom: Date | null;
  pickupTo: Date | null;
  rider: number | null;
  createdBy: number | null;
  problemString: number | null;
  needsReview: Toggle;
  sorting: OrderSorting;
  wasAutoAssigned: Toggle;
  wasManualAssigned: Toggle;
  /** Blood only; dropped from xray requests. */
  isCovid: Toggle;
  fulfillmentMethod: FulfillmentMethod | '';
  followUp: Toggle;
  moreThanFollowUps: number | null;
  isFollowUpAddressed: Toggle;
  isUnverifiedByRider: Toggle;
  isFasting: Toggle;
  urgentDelivery: Toggle;
  isMedicineAndSpecificTime: Toggle;
  /** Order source flag Online (Regular) for yes, Offline (Hospital) for no (spec §2.3, §4). */
  isOnline: Toggle;
  /** Yes: the assigned rider is a wildcard rider; no: any other order (spec §2.3). */
  isWildcard: Toggle;
  addressTypes: number[];
};

type Kind = 'text' | 'ids' | 'states' | 'date' | 'id' | 'toggle' | 'flag' | 'sorting' | 'method';

/** Key order here is the query-string key order, so links are stable and comparable. */
const FIELD_KINDS = {
  search: 'text',
  regions: 'ids',
  prevSelectedRegions: 'ids',
  allRegions: 'flag',
  states: 'states',
  pickupFrom: 'date',
  pickupTo: 'date',
  rider: 'id',
  createdBy: 'id',
  problemString: 'id',
  needsReview: 'toggle',
  sorting: 'sorting',
  wasAutoAssigned: 'toggle',
  wasManualAssigned: 'toggle',
  isCovid: 'toggle',
  fulfillmentMethod: 'method',
  followUp: 'toggle',
  moreThanFollowUps: 'id',
  isFollowUpAddressed: 'toggle',
  isUnverifiedByRider: 'toggle',
  isFasting: 'toggle',
  urgentDelivery: 'toggle',
  isMedicineAndSpecificTime: 'toggle',
  isOnline: 'toggle',
  isWildcard: 'toggle',
  addressTypes: 'ids',
} as const satisfies Record<keyof OrderFilterSet, Kind>;

export const ORDER_FILTER_KEYS = Object.keys(FIELD_KINDS) as (keyof OrderFilterSet)[];

/** Console-only keys: they shape the panel, not the result set. */
const NOT_SENT: readonly (keyof OrderFilterSet)[] = [
  'prevSelectedRegions',
  'allRegions',
  'sorting',
];

export const DEFAULT_ORDERING = '-created';

export function emptyOrderFilters(): OrderFilterSet {
  return {
    search: '',
    regions: [],
    prevSelectedRegions: [],
    allRegions: false,
    states: [],
    pickupFrom: null,
    pickupTo: null,
    rider: null,
    createdBy: null,
    problemString: null,
    needsReview: '',
    sorting: '',
    wasAutoAssigned: '',
    wasManualAssigned: '',
    isCovid: '',
    fulfillmentMethod: '',
    followUp: '',
    moreThanFollowUps: null,
    isFollowUpAddressed: '',
    isUnverifiedByRider: '',
    isFasting: '',
    urgentDelivery: '',
    isMedicineAndSpecificTime: '',
    isOnline: '',
    isWildcard: '',
    addressTypes: [],
  };
}

/** Seconds and milliseconds dropped (pickup-to is kept to the minute, spec §5). */
export function zeroSeconds(date: Date): Date {
  const copy = new Date(date.getTime());
  copy.setUTCSeconds(0, 0);
  return copy;
}

/** The orders-link default: today in Karachi, sorted by pickup (spec §2.2). */
export function defaultOrderFilters(now: Date): OrderFilterSet {
  return {
    ...emptyOrderFilters(),
    pickupFrom: startOfKarachiDay(now),
    pickupTo: zeroSeconds(endOfKarachiDay(now)),
    sorting: 'pickup',
  };
}

/** Serialises one value; '' means "leave the key out". */
function encodeValue(kind: Kind, value: unknown): string {
  switch (kind) {
    case 'ids':
    case 'states':
      return (value as readonly (string | number)[] | undefined)?.join(',') ?? '';
    case 'date':
      return value instanceof Date && !Number.isNaN(value.getTime()) ? toKarachiIso(value) : '';
    case 'id':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
    case 'flag':
      return value === true ? 'true' : '';
    default:
      return typeof value === 'string' ? value : '';
  }
}

function encodeComponent(value: string): string {
  // Commas and colons stay readable; both survive URLSearchParams decoding.
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

/** URL query string (no leading '?') for the orders page: camelCase keys, empty values omitted. */
export function orderFiltersToQuery(f: Partial<OrderFilterSet>): string {
  const parts: string[] = [];
  for (const key of ORDER_FILTER_KEYS) {
    const text = encodeValue(FIELD_KINDS[key], f[key]);
    if (text !== '') parts.push(`${key}=${encodeComponent(text)}`);
  }
  return parts.join('&');
}

const parseIds = (text: string): number[] =>
  text
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

const parseToggle = (text: string): Toggle => (text === 'true' || text === 'false' ? text : '');

/** Reads a filter set back; unknown or malformed values fall back to empty rather than fail. */
export function orderFiltersFromQuery(qs: string | URLSearchParams): OrderFilterSet {
  const params = typeof qs === 'string' ? new URLSearchParams(qs) : qs;
  const get = (key: keyof OrderFilterSet) => params.get(key) ?? '';
  const id = (key: keyof OrderFilterSet) => (/^\d+$/.test(get(key)) ? Number(get(key)) : null);
  const sorting = get('sorting');
  const method = get('fulfillmentMethod');
  return {
    search: get('search'),
    regions: parseIds(get('regions')),
    prevSelectedRegions: parseIds(get('prevSelectedRegions')),
    allRegions: get('allRegions') === 'true',
    states: get('states').split(',').filter(isOrderState),
    pickupFrom: parseKarachi(get('pickupFrom')),
    pickupTo: parseKarachi(get('pickupTo')),
    rider: id('rider'),
    createdBy: id('createdBy'),
    problemString: id('problemString'),
    needsReview: parseToggle(get('needsReview')),
    sorting: sorting === 'pickup' || sorting === '-pickup' ? sorting : '',
    wasAutoAssigned: parseToggle(get('wasAutoAssigned')),
    wasManualAssigned: parseToggle(get('wasManualAssigned')),
    isCovid: parseToggle(get('isCovid')),
    fulfillmentMethod: (FULFILLMENT_METHODS as readonly string[]).includes(method)
      ? (method as FulfillmentMethod)
      : '',
    followUp: parseToggle(get('followUp')),
    moreThanFollowUps: id('moreThanFollowUps'),
    isFollowUpAddressed: parseToggle(get('isFollowUpAddressed')),
    isUnverifiedByRider: parseToggle(get('isUnverifiedByRider')),
    isFasting: parseToggle(get('isFasting')),
    urgentDelivery: parseToggle(get('urgentDelivery')),
    isMedicineAndSpecificTime: parseToggle(get('isMedicineAndSpecificTime')),
    isOnline: parseToggle(get('isOnline')),
    isWildcard: parseToggle(get('isWildcard')),
    addressTypes: parseIds(get('addressTypes')),
  };
}

/**
 * Query parameters of GET /orders/{vertical}/: snake_case keys, comma-joined lists, ISO pickup
 * times, and `ordering` from `sorting` (default '-created'). Page is the caller's.
 */
export function orderFiltersToApiParams(
  f: Partial<OrderFilterSet>,
  vertical: Vertical,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ORDER_FILTER_KEYS) {
    if (NOT_SENT.includes(key)) continue;
    if (key === 'isCovid' && vertical !== 'blood') continue;
    const text = encodeValue(FIELD_KINDS[key], f[key]);
    if (text !== '') params[camelToSnake(key)] = text;
  }
  params.ordering = f.sorting || DEFAULT_ORDERING;
  return params;
}

export type PickupRangeErrors = { pickupFrom?: string; pickupTo?: string };

/** Both fields carry their own message when from is after to (spec §5); empty when valid. */
export function validatePickupRange(
  from: Date | null | undefined,
  to: Date | null | undefined,
): PickupRangeErrors {
  if (!from || !to || from.getTime() <= to.getTime()) return {};
  return {
    pickupFrom: VALIDATION.PICKUP_FROM_AFTER_TO,
    pickupTo: VALIDATION.PICKUP_TO_BEFORE_FROM,
  };
}
