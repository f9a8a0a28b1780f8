import { type Point, sixDecimals } from './geo';
import type { Rng } from './random';

/** The server takes at most 100 pings a batch; a phone keeps the latest 50 while offline. */
const MAX_BUFFERED_PINGS = 50;

export interface Device {
  mobileModel: string;
  appVersion: string;
}

/** What the rider's phone adds to a fix: battery, network, device, and the offline buffer. */
export class Phone {
  private battery: number;
  private readonly buffered: Record<string, unknown>[] = [];

  constructor(
    private readonly device: Device,
    private readonly rng: Rng,
  ) {
    this.battery = rng.int(55, 100);
  }

  /** A location ping body (snake_case, 6 decimals). */
  ping(at: Point): Record<string, unknown> {
    if (this.rng.chance(0.01)) this.battery = Math.max(5, this.battery - 1);
    const p = sixDecimals(at);
    return {
      latitude: p.latitude,
      longitude: p.longitude,
      battery: this.battery,
      network_state: true,
      app_version: this.device.appVersion,
      mobile_model: this.device.mobileModel,
    };
  }

  /** A fix taken without coverage, kept with its time for the batch upload. */
  record(at: Point): void {
    this.buffered.push({ ...this.ping(at), recorded_at: new Date().toISOString() });
    if (this.buffered.length > MAX_BUFFERED_PINGS) this.buffered.shift();
  }

  drain(): Record<string, unknown>[] {
    return this.buffered.splice(0);
  }
}
