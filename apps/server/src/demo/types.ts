import type { Vertical } from '@dastak/core/states';
import type { LatLng, Polygon } from '../db/schema/locations';

/** What the demo parts hand each other, all in memory (ids are the inserted ones). */

export type PlaceRef = { id: number; name: string; latitude: number; longitude: number };

export type RiderRef = {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  regionId: number;
  vertical: Vertical;
  isCovid: boolean;
  isWildcard: boolean;
  cellId: number | null;
  /** Inside its shift now; today's active orders go to these riders first. */
  isOnDuty: boolean;
  /** Weekly plan (riders.ts SHIFT_SLOTS): orders go to riders on shift at their pickup. */
  slot: 0 | 1 | 2 | 3;
  /** Weekday off, Monday 0 to Sunday 6. */
  dayOff: number;
};

export type AddressRef = {
  id: number;
  customerId: number;
  customerName: string;
  phone: string;
  latitude: number;
  longitude: number;
  address: string;
  addressTypeId: number | null;
  verified: boolean;
  patientIds: number[];
  hearAboutId: number | null;
};

export type RegionRef = {
  id: number;
  key: string;
  name: string;
  vertical: Vertical;
  cityId: number;
  cityKey: string;
  weight: number;
  riderShare: number;
  polygon: Polygon;
  center: LatLng;
  collectionCenters: PlaceRef[];
  hotspots: PlaceRef[];
  cells: { id: number; name: string; polygon: Polygon; minRiders: number }[];
  /** Filled by customers.ts: valid addresses inside this region. */
  addresses: AddressRef[];
  /** Filled by riders.ts. */
  riders: RiderRef[];
};

export type LookupIds = {
  hearAboutUs: number[];
  problem: Record<Vertical, number[]>;
  /** The problem string auto-assignment uses when it escalates. */
  noRiderProblem: number;
  cancellation: Record<Vertical, number[]>;
  reassignment: number[];
  reschedule: number[];
  addressType: Record<string, number>;
  orderSource: Record<string, number>;
  text: Map<number, string>;
};

export type ScanTypeRef = {
  id: number;
  code: string;
  name: string;
  value: number;
  vertical: Vertical;
  isCovid: boolean;
  requiresFasting: boolean;
  /** Null: the vertical's default window (core rules/sample-stability.ts). */
  stabilityHours: number | null;
  popularity: number;
};

export type StaffRef = {
  id: number;
  firstName: string;
  lastName: string;
  role: 'dispatcher' | 'agent';
};

export type DemoContext = {
  now: Date;
  /** Karachi midnight of today. */
  todayStart: number;
  /** Minutes past slot start after which an unreached order is late (the on-time model's grace). */
  lateAfterMinutes: number;
  /** Start of the Late Orders tab's window now (lateOrdersWindow): today, or from yesterday in the small hours. */
  lateFrom: number;
  regions: RegionRef[];
  lookups: LookupIds;
  scanTypes: ScanTypeRef[];
  staff: StaffRef[];
  log: (msg: string) => void;
};

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
