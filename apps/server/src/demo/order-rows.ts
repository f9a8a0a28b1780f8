import type { OrderState, Vertical } from '@dastak/core/states';
import type {
  feedbackAnswers,
  feedbackInteractions,
  orderReviews,
  publicLinks,
  riderToPatientFeedback,
} from '../db/schema/feedback';
import type {
  orderActivities,
  orderScanTypes,
  orders,
  orderTubes,
  partialOrders,
} from '../db/schema/orders';
import type { Rng } from './random';
import type { ScanTypeRef } from './types';
import { HOUR, MINUTE } from './types';

/** Rows of one batch of orders, inserted together (parents before children). */
export type OrderChunk = {
  partials: (typeof partialOrders.$inferInsert)[];
  orders: (typeof orders.$inferInsert)[];
  scanTypes: (typeof orderScanTypes.$inferInsert)[];
  activities: (typeof orderActivities.$inferInsert)[];
  tubes: (typeof orderTubes.$inferInsert)[];
  links: (typeof publicLinks.$inferInsert)[];
  reviews: (typeof orderReviews.$inferInsert)[];
  riderFeedback: (typeof riderToPatientFeedback.$inferInsert)[];
  interactions: (typeof feedbackInteractions.$inferInsert)[];
  answers: (typeof feedbackAnswers.$inferInsert)[];
};

export function emptyChunk(): OrderChunk {
  return {
    partials: [],
    orders: [],
    scanTypes: [],
    activities: [],
    tubes: [],
    links: [],
    reviews: [],
    riderFeedback: [],
    interactions: [],
    answers: [],
  };
}

/** An order a rider still holds (assigned, reached or collected), for queues and rider state. */
export type ActiveOrder = {
  orderId: number;
  state: OrderState;
  pickup: number;
  slotMinutes: number;
  collectionCenterId: number | null;
  /** A collected sample's expiry (epoch ms; ADR 0048): its delivery task's deadline. */
  sampleExpiresAt: number | null;
  latitude: number;
  longitude: number;
};

/** Karachi wall-clock parts (UTC+05:00, no DST). */
function karachi(t: number) {
  const d = new Date(t + 5 * HOUR);
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth(),
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    min: d.getUTCMinutes(),
  };
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'dd MMM yyyy hh:mm a' in Karachi time, as the console shows it. */
export function formatKarachi(t: number): string {
  const k = karachi(t);
  const h12 = k.h % 12 === 0 ? 12 : k.h % 12;
  return `${pad(k.d)} ${MONTHS[k.m]} ${k.y} ${pad(h12)}:${pad(k.min)} ${k.h < 12 ? 'AM' : 'PM'}`;
}

/** Karachi date as yyyy-MM-dd. */
export function karachiDate(t: number): string {
  const k = karachi(t);
  return `${k.y}-${pad(k.m + 1)}-${pad(k.d)}`;
}

/** '<B|X>-<yymmdd><5-digit daily sequence>', e.g. B-26112100123 (documented in ADR 0006). */
export function orderNumber(vertical: Vertical, createdDay: string, seq: number): string {
  const yymmdd = createdDay.slice(2).replaceAll('-', '');
  return `${vertical === 'blood' ? 'B' : 'X'}-${yymmdd}${pad(seq, 5)}`;
}

/** The slot as the channels write it, e.g. '10:00 AM - 11:00 AM' (Karachi time). */
export function slotLabel(pickup: number, minutes: number): string {
  const clock = (t: number) => {
    const k = karachi(t);
    const h12 = k.h % 12 === 0 ? 12 : k.h % 12;
    return `${pad(h12)}:${pad(k.min)} ${k.h < 12 ? 'AM' : 'PM'}`;
  };
  return `${clock(pickup)} - ${clock(pickup + minutes * MINUTE)}`;
}

/** Weighted picks without repeats; covid tests only when asked. */
export class TestPicker {
  private readonly byVertical: Record<Vertical, (readonly [ScanTypeRef, number])[]>;
  private readonly covid: ScanTypeRef[];

  constructor(scanTypes: readonly ScanTypeRef[]) {
    this.byVertical = { blood: [], xray: [] };
    for (const s of scanTypes) {
      if (!s.isCovid && s.popularity > 0) this.byVertical[s.vertical].push([s, s.popularity]);
    }
    this.covid = scanTypes.filter((s) => s.isCovid);
  }

  pick(rng: Rng, vertical: Vertical, withCovid: boolean): ScanTypeRef[] {
    const count =
      vertical === 'blood'
        ? rng.weighted([
            [1, 35],
            [2, 35],
            [3, 20],
            [4, 10],
          ] as const)
        : rng.chance(0.8)
          ? 1
          : 2;
    const chosen = new Map<number, ScanTypeRef>();
    if (withCovid && this.covid.length) {
      const c = rng.pick(this.covid);
      chosen.set(c.id, c);
    }
    for (let tries = 0; chosen.size < count && tries < 20; tries++) {
      const s = rng.weighted(this.byVertical[vertical]);
      chosen.set(s.id, s);
    }
    return [...chosen.values()];
  }
}

export const NOTES = [
  'Please call before arriving.',
  'Patient is diabetic, please come on time.',
  'Elderly patient, needs assistance.',
  'Use gate 2 of the building.',
  'Female phlebotomist requested.',
  'Patient is on blood thinners.',
  'Bring the previous report for comparison.',
  'Doctor wants results by evening.',
  'Flat is on the 4th floor, no lift.',
  'Guard at the gate will guide the rider.',
] as const;

export const FOLLOW_UP_REASONS = [
  'Customer asked for the rider ETA',
  'Rider late, customer called again',
  'Customer asked about report timing',
  'Customer wants to change the pickup time',
  'Customer complained about delay',
] as const;

export const PROBLEM_DETAILS = [
  'Rider called twice, no answer.',
  'Gate locked, family not at home.',
  'Patient had breakfast, asked to rebook.',
  'Pin dropped two blocks away.',
] as const;

const SVG_RX =
  "<svg xmlns='http://www.w3.org/2000/svg' width='420' height='560'><rect width='100%' height='100%' fill='white'/><text x='30' y='60' font-size='28' font-family='serif'>Rx</text><text x='30' y='110' font-size='16'>CBC, LFT, HbA1c</text><text x='30' y='500' font-size='14'>Dr. (demo prescription)</text></svg>";

/** A tiny inline image, so demo prescriptions render with no file server. */
export const PRESCRIPTION_DATA_URL = `data:image/svg+xml;utf8,${encodeURIComponent(SVG_RX)}`;
