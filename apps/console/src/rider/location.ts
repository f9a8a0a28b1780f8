import { deviceFields, readDevice } from './device';

/**
 * Location while on duty (issue 30; the research note: a web app gets no location in the
 * background). While the app is open and the rider on duty: watchPosition, the screen kept
 * awake with a Wake Lock (taken again when the page shows after being hidden), and the fixes
 * batched: every 30 s, or 10 fixes, one batch goes to the outbox (and so survives no network).
 */

export type Fix = { latitude: number; longitude: number; accuracy: number; at: number };
export type Ping = {
  latitude: number;
  longitude: number;
  accuracyMetres: number;
  recordedAt: string;
  battery?: number;
  networkState?: boolean;
  appVersion?: string;
  mobileModel?: string;
};

const BATCH_MS = 30_000;
const BATCH_SIZE = 10;

type WakeLockSentinel = { release(): Promise<void> };

export type TrackerStatus = 'off' | 'waiting' | 'on' | 'denied';

export class LocationTracker {
  private watchId: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private buffer: Ping[] = [];
  private lock: WakeLockSentinel | null = null;
  private last: Fix | null = null;
  status: TrackerStatus = 'off';
  private readonly listeners = new Set<() => void>();

  constructor(private readonly flush: (pings: Ping[]) => void) {}

  lastFix(): Fix | null {
    return this.last;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setStatus(status: TrackerStatus) {
    this.status = status;
    for (const l of this.listeners) l();
  }

  private readonly onVisible = () => {
    if (document.visibilityState === 'visible' && this.watchId !== null) void this.wake();
  };

  start(): void {
    if (this.watchId !== null || !('geolocation' in navigator)) return;
    void readDevice();
    this.setStatus('waiting');
    this.watchId = navigator.geolocation.watchPosition(
      (p) => this.record(p),
      (e) => this.setStatus(e.code === e.PERMISSION_DENIED ? 'denied' : 'waiting'),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
    this.timer = setInterval(() => this.send(), BATCH_MS);
    document.addEventListener('visibilitychange', this.onVisible);
    void this.wake();
  }

  stop(): void {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    this.watchId = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    document.removeEventListener('visibilitychange', this.onVisible);
    this.send();
    void this.lock?.release().catch(() => undefined);
    this.lock = null;
    this.setStatus('off');
  }

  private async wake(): Promise<void> {
    const nav = navigator as Navigator & {
      wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> };
    };
    try {
      this.lock = (await nav.wakeLock?.request('screen')) ?? null;
    } catch {
      // Refused (low battery, page hidden): the app works on, the screen may sleep.
      this.lock = null;
    }
  }

  private record(p: GeolocationPosition): void {
    this.last = {
      latitude: p.coords.latitude,
      longitude: p.coords.longitude,
      accuracy: p.coords.accuracy,
      at: p.timestamp,
    };
    this.buffer.push({
      latitude: p.coords.latitude,
      longitude: p.coords.longitude,
      accuracyMetres: Math.min(100_000, Math.max(0, p.coords.accuracy || 0)),
      recordedAt: new Date(Math.min(p.timestamp, Date.now())).toISOString(),
      ...deviceFields(),
    });
    if (this.status !== 'on') this.setStatus('on');
    if (this.buffer.length >= BATCH_SIZE) this.send();
  }

  private send(): void {
    if (this.buffer.length === 0) return;
    const pings = this.buffer;
    this.buffer = [];
    this.flush(pings);
  }

  /** Where the phone is now, for an action's coordinates: the last fix, else a fresh one. */
  async here(timeoutMs = 10_000): Promise<Fix | null> {
    if (this.last && Date.now() - this.last.at < 2 * 60_000) return this.last;
    if (!('geolocation' in navigator)) return this.last;
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (p) => {
          this.last = {
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            accuracy: p.coords.accuracy,
            at: p.timestamp,
          };
          resolve(this.last);
        },
        () => resolve(this.last),
        { enableHighAccuracy: true, maximumAge: 30_000, timeout: timeoutMs },
      );
    });
  }
}
