import { RIDER_TRAIL_MAX_POINTS, RIDER_TRAIL_MINUTES } from '@dastak/core/constants';
import type { RiderPositionEvent } from '@dastak/core/entities/realtime';

export type TrailPoint = { latitude: number; longitude: number; at: number };
type Listener = (moved: ReadonlyMap<number, TrailPoint>) => void;

const TRAIL_MS = RIDER_TRAIL_MINUTES * 60_000;

/**
 * The riders' positions as the stream reports them, kept outside React: a ping moves a marker
 * in place (setLatLng) instead of re-rendering the map. Moves are handed to listeners once per
 * animation frame, so a second of 300 pings costs a few frames, not 300 tasks. Each rider also
 * keeps a trail of the last RIDER_TRAIL_MINUTES (at most RIDER_TRAIL_MAX_POINTS points), since
 * the page opened; the selected rider's popup puts the stored pings before it (joinTrails).
 */
export class RiderPositions {
  private readonly latest = new Map<number, TrailPoint>();
  private readonly trails = new Map<number, TrailPoint[]>();
  private readonly listeners = new Set<Listener>();
  private pending = new Map<number, TrailPoint>();
  private frame: number | null = null;

  update(event: RiderPositionEvent): void {
    const point = {
      latitude: event.latitude,
      longitude: event.longitude,
      at: Date.parse(event.at) || Date.now(),
    };
    const previous = this.latest.get(event.riderId);
    // Coalesced events may arrive out of order across a reconnect: keep the newest.
    if (previous && previous.at > point.at) return;
    this.latest.set(event.riderId, point);
    this.appendTrail(event.riderId, point);
    this.pending.set(event.riderId, point);
    this.frame ??= requestAnimationFrame(() => this.flush());
  }

  /** The newest streamed position of a rider, if one arrived since the page opened. */
  positionOf(riderId: number): TrailPoint | undefined {
    return this.latest.get(riderId);
  }

  /** The rider's trail within the last RIDER_TRAIL_MINUTES, oldest first. */
  trailOf(riderId: number, now = Date.now()): TrailPoint[] {
    return (this.trails.get(riderId) ?? []).filter((p) => now - p.at <= TRAIL_MS);
  }

  /** Seeds a trail with the position the riders list reported (the trail's first point). */
  seed(riderId: number, point: TrailPoint): void {
    if (!this.trails.has(riderId)) this.trails.set(riderId, [point]);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.latest.clear();
    this.trails.clear();
    this.pending.clear();
  }

  private appendTrail(riderId: number, point: TrailPoint): void {
    const trail = this.trails.get(riderId) ?? [];
    trail.push(point);
    const cutoff = point.at - TRAIL_MS;
    let drop = Math.max(0, trail.length - RIDER_TRAIL_MAX_POINTS);
    while (drop < trail.length && (trail[drop]?.at ?? 0) < cutoff) drop += 1;
    if (drop > 0) trail.splice(0, drop);
    this.trails.set(riderId, trail);
  }

  private flush(): void {
    this.frame = null;
    const moved = this.pending;
    this.pending = new Map();
    for (const listener of this.listeners) listener(moved);
  }
}

/**
 * The stored trail (the server's pings of the last RIDER_TRAIL_MINUTES) followed by the streamed
 * points newer than its last one, within the window and the point cap.
 */
export function joinTrails(
  stored: readonly TrailPoint[],
  streamed: readonly TrailPoint[],
  now = Date.now(),
): TrailPoint[] {
  const last = stored.at(-1)?.at ?? Number.NEGATIVE_INFINITY;
  const joined = [...stored, ...streamed.filter((p) => p.at > last)].filter(
    (p) => now - p.at <= TRAIL_MS,
  );
  return joined.slice(-RIDER_TRAIL_MAX_POINTS);
}
