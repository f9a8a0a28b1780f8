import { DISPATCH_DEFAULTS, type DispatchConfig } from '../dispatch-config';

export type Point = { latitude: number; longitude: number };
/** One road leg: metres on the road and minutes on it. */
export type Leg = { metres: number; minutes: number };

export interface DistanceMatrix {
  /** metres[i][j]: origin i to destination j. */
  metres: number[][];
  minutes: number[][];
  source: 'haversine' | 'osrm';
}

type RoadModel = Pick<DispatchConfig, 'detourFactor' | 'streetSpeedKmh'>;

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function haversineMetres(a: Point, b: Point): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The road estimate without a routing service: haversine x detour at street speed. */
export function roadLeg(a: Point, b: Point, model: RoadModel = DISPATCH_DEFAULTS): Leg {
  const metres = haversineMetres(a, b) * model.detourFactor;
  return { metres, minutes: metres / ((model.streetSpeedKmh * 1000) / 60) };
}

export function haversineMatrix(
  origins: readonly Point[],
  destinations: readonly Point[],
  model: RoadModel = DISPATCH_DEFAULTS,
): DistanceMatrix {
  const metres: number[][] = [];
  const minutes: number[][] = [];
  for (const o of origins) {
    const m: number[] = [];
    const t: number[] = [];
    for (const d of destinations) {
      const leg = roadLeg(o, d, model);
      m.push(leg.metres);
      t.push(leg.minutes);
    }
    metres.push(m);
    minutes.push(t);
  }
  return { metres, minutes, source: 'haversine' };
}

export interface DistanceOptions {
  osrmUrl?: string;
  timeoutMs?: number;
  maxPoints?: number;
  model?: RoadModel;
}

// After a failure OSRM is skipped for a while, so an outage does not add its timeout to every call.
const OSRM_BACKOFF_MS = 60_000;
let osrmDownUntil = 0;

/**
 * Road distances from each origin to each destination: OSRM's table service when OSRM_URL is
 * set (one request), haversine x detour otherwise or when OSRM fails, times out or is too big.
 */
export async function distanceMatrix(
  origins: readonly Point[],
  destinations: readonly Point[],
  opts: DistanceOptions = {},
): Promise<DistanceMatrix> {
  const model = opts.model ?? DISPATCH_DEFAULTS;
  const fallback = () => haversineMatrix(origins, destinations, model);
  const maxPoints = opts.maxPoints ?? DISPATCH_DEFAULTS.osrmMaxPoints;
  if (!opts.osrmUrl || origins.length === 0 || destinations.length === 0) return fallback();
  if (origins.length + destinations.length > maxPoints || Date.now() < osrmDownUntil) {
    return fallback();
  }
  try {
    return await osrmTable(
      opts.osrmUrl,
      origins,
      destinations,
      opts.timeoutMs ?? DISPATCH_DEFAULTS.osrmTimeoutMs,
      fallback,
    );
  } catch {
    osrmDownUntil = Date.now() + OSRM_BACKOFF_MS;
    return fallback();
  }
}

/** For tests: forget a previous OSRM failure. */
export function resetOsrmBackoff() {
  osrmDownUntil = 0;
}

async function osrmTable(
  baseUrl: string,
  origins: readonly Point[],
  destinations: readonly Point[],
  timeoutMs: number,
  fallback: () => DistanceMatrix,
): Promise<DistanceMatrix> {
  const points = [...origins, ...destinations];
  // OSRM wants lng,lat with 6 decimals at most.
  const coords = points.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';');
  const sources = origins.map((_, i) => i).join(';');
  const dests = destinations.map((_, j) => origins.length + j).join(';');
  const url = `${baseUrl.replace(/\/$/, '')}/table/v1/driving/${coords}?sources=${sources}&destinations=${dests}&annotations=distance,duration`;
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`OSRM answered ${res.status}`);
  const body = (await res.json()) as {
    code?: string;
    distances?: (number | null)[][];
    durations?: (number | null)[][];
  };
  if (body.code !== 'Ok' || !body.distances || !body.durations) {
    throw new Error(`OSRM answered ${body.code ?? 'no table'}`);
  }
  // Unroutable pairs (null) keep the haversine estimate rather than poisoning the score.
  const approx = fallback();
  const metres = approx.metres.map((row, i) => row.map((v, j) => body.distances?.[i]?.[j] ?? v));
  const minutes = approx.minutes.map((row, i) =>
    row.map((v, j) => {
      const s = body.durations?.[i]?.[j];
      return s == null ? v : s / 60;
    }),
  );
  return { metres, minutes, source: 'osrm' };
}

/**
 * A travel function over a known set of points: one OSRM table among them when OSRM_URL is set
 * and the set is small enough, haversine x detour for anything else.
 */
export async function travelAmong(
  points: readonly Point[],
  opts: DistanceOptions = {},
): Promise<(a: Point, b: Point) => Leg> {
  const model = opts.model ?? DISPATCH_DEFAULTS;
  const base = (a: Point, b: Point) => roadLeg(a, b, model);
  if (!opts.osrmUrl) return base;
  const key = (p: Point) => `${p.latitude},${p.longitude}`;
  const unique = [...new Map(points.map((p) => [key(p), p])).values()];
  // A square table counts each point once as source and once as destination.
  const m = await distanceMatrix(unique, unique, {
    ...opts,
    maxPoints: (opts.maxPoints ?? DISPATCH_DEFAULTS.osrmMaxPoints) * 2,
  });
  if (m.source !== 'osrm') return base;
  const index = new Map(unique.map((p, i) => [key(p), i]));
  return (a, b) => {
    const i = index.get(key(a));
    const j = index.get(key(b));
    if (i === undefined || j === undefined) return base(a, b);
    return { metres: m.metres[i]![j]!, minutes: m.minutes[i]![j]! };
  };
}
