import { AUTO_ASSIGN_HORIZON_MINUTES } from '@dastak/core/constants';

/**
 * Every tunable of the dispatch engine in one object (docs/decisions/0009-dispatch.md). The spec
 * shows none of these; they are ours. Environment overrides go through `dispatchConfigFrom`.
 */
export const DISPATCH_DEFAULTS = {
  /** Roads are longer than the great circle; 1.35 is a common urban circuity factor. */
  detourFactor: 1.35,
  /** Motorbike speed through city traffic, door to door. */
  streetSpeedKmh: 20,
  /** Minutes at the door for one pickup (blood draw or X-ray, paperwork). */
  pickupServiceMinutes: 10,
  /** A rider reaching the door this many minutes after the slot start still counts on time. */
  onTimeGraceMinutes: 10,
  /**
   * The grace for a fasting patient (a window per order): they wait at home without
   * breakfast, so the rider is on time only until 5 minutes past the slot start (ADR 0044).
   */
  fastingGraceMinutes: 5,
  /** Auto-assignment considers orders whose pickup is at most this far ahead. */
  horizonMinutes: AUTO_ASSIGN_HORIZON_MINUTES,
  /** How often the auto-assignment job runs. */
  periodMs: 30_000,
  /** An order nobody can reach on time goes to 'problem' once its pickup is this close. */
  escalateMinutesBeforePickup: 15,
  /** OSRM table requests give up after this and fall back to haversine. */
  osrmTimeoutMs: 1500,
  /** OSRM's default max-table-size; larger requests use haversine. */
  osrmMaxPoints: 100,
  /** Solver weights: minutes of knock-on lateness on already queued pickups cost this much travel. */
  lateMinuteWeight: 5,
  /** Taking a rider out of a hyperlocal cell at its minimum costs this many minutes of travel. */
  cellDeficitPenaltyMinutes: 20,
  /** Prefer keeping covid riders for covid orders and wildcard riders for their own region. */
  covidRiderOnNormalOrderMinutes: 5,
  wildcardFromOtherRegionMinutes: 5,
} as const;

export type DispatchConfig = { -readonly [K in keyof typeof DISPATCH_DEFAULTS]: number };

const ENV_KEYS: Partial<Record<keyof DispatchConfig, string>> = {
  horizonMinutes: 'AUTO_ASSIGN_HORIZON_MINUTES',
  periodMs: 'AUTO_ASSIGN_PERIOD_MS',
  escalateMinutesBeforePickup: 'AUTO_ASSIGN_ESCALATE_MINUTES',
  detourFactor: 'DISPATCH_DETOUR_FACTOR',
  streetSpeedKmh: 'DISPATCH_STREET_SPEED_KMH',
  pickupServiceMinutes: 'DISPATCH_PICKUP_SERVICE_MINUTES',
  onTimeGraceMinutes: 'DISPATCH_ON_TIME_GRACE_MINUTES',
  fastingGraceMinutes: 'DISPATCH_FASTING_GRACE_MINUTES',
};

/** Defaults with numeric environment overrides; a bad value stops the start and names it. */
export function dispatchConfigFrom(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<DispatchConfig> = {},
): DispatchConfig {
  const config: DispatchConfig = { ...DISPATCH_DEFAULTS };
  for (const [key, name] of Object.entries(ENV_KEYS) as [keyof DispatchConfig, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) {
      throw new Error(`Invalid configuration:\n  ${name}: must be a non-negative number`);
    }
    config[key] = value;
  }
  return { ...config, ...overrides };
}
