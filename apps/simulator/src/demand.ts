import { randomUUID } from 'node:crypto';
import type { ScanType } from '@dastak/core/entities/catalog';
import type { CustomerSearchResult } from '@dastak/core/entities/customers';
import type { ReferenceItem } from '@dastak/core/entities/lookups';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { type ApiClient, ApiError, allPages } from './api-client';
import type { Vertical } from './backoffice';
import type { Rng } from './random';
import type { Stats } from './stats';

/** Mobile operator prefixes of Pakistani numbers: what an agent types first. */
const OPERATOR_PREFIXES = ['0300', '0301', '0302', '0321', '0322', '0333', '0345', '0312'];
const SEARCH_TRIES = 4;
/** Slots among the earliest few, so booked orders come due while the simulation runs. */
const EARLIEST_SLOTS = 4;
const DAY_MS = 86_400_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The call centre: books orders through the staff API as an agent would on the create-order page
 * (customer by number, a patient, an address inside a region, tests, a free slot).
 */
export class Demand {
  private readonly regions = new Map<Vertical, Set<number>>();
  private readonly tests = new Map<Vertical, ScanType[]>();
  private orderSources: ReferenceItem[] = [];
  private hearAbout: ReferenceItem[] = [];
  private disabled = false;

  constructor(
    private readonly api: ApiClient,
    private readonly rng: Rng,
    private readonly stats: Stats,
    private readonly verticals: Vertical[],
    private readonly ordersPerMinute: number,
    private readonly log: (msg: string) => void,
  ) {}

  async prepare(): Promise<void> {
    await this.api.login();
    for (const v of this.verticals) {
      const regions = await allPages(this.api, '/location/regions/', { query: { vertical: v } });
      this.regions.set(v, new Set(regions.map((r) => r.id)));
      try {
        const tests = await this.api.get('/orders/scan-types/', { query: { vertical: v } });
        this.tests.set(
          v,
          tests.filter((t) => t.isAllowed),
        );
      } catch (e) {
        this.log(`demand: GET /orders/scan-types/ failed (${(e as Error).message}); no booking`);
        this.disabled = true;
      }
    }
    this.orderSources = await this.api.get('/entity/order-sources/');
    this.hearAbout = await this.api.get('/entity/hear_about_us/');
  }

  async run(isRunning: () => boolean): Promise<void> {
    if (this.disabled || this.ordersPerMinute <= 0) return;
    while (isRunning()) {
      // Calls arrive as a Poisson process at the given rate.
      const waitMs = this.rng.exponential(this.ordersPerMinute) * 60_000;
      const until = Date.now() + waitMs;
      while (isRunning() && Date.now() < until) await sleep(Math.min(500, until - Date.now()));
      if (!isRunning()) return;
      try {
        await this.bookOne();
      } catch (e) {
        this.stats.bookingsSkipped++;
        if (!(e instanceof ApiError)) this.stats.error(e as Error, 'booking');
        this.log(`demand: ${(e as Error).message}`);
      }
    }
  }

  private searchText(): string {
    return this.rng.chance(0.5)
      ? this.rng.pick(OPERATOR_PREFIXES)
      : String(this.rng.int(0, 999)).padStart(this.rng.int(2, 3), '0');
  }

  async bookOne(): Promise<void> {
    const vertical = this.verticals.length > 1 && this.rng.chance(0.3) ? 'xray' : this.verticals[0];
    if (!vertical) return;
    const inVertical = this.regions.get(vertical) ?? new Set<number>();
    const tests = this.tests.get(vertical) ?? [];
    if (tests.length === 0) return this.skip(`no ${vertical} tests to book`);

    let pick: { customer: CustomerSearchResult; addressId: number; regionId: number } | null = null;
    for (let i = 0; i < SEARCH_TRIES && !pick; i++) {
      const text = this.searchText();
      const found = await this.api.get('/entity/customer-search/', { query: { search: text } });
      const options = found.flatMap((customer) =>
        customer.patients.length === 0
          ? []
          : customer.addresses.flatMap((a) => {
              const region = a.regionCustomerAddresses.find((r) => inVertical.has(r.region.id));
              return a.isValid && region
                ? [{ customer, addressId: a.id, regionId: region.region.id, verified: a.verified }]
                : [];
            }),
      );
      // An unverified pin books an 'unverified' order; agents mostly book verified addresses.
      const verified = options.filter((o) => o.verified);
      const pool = verified.length && this.rng.chance(0.9) ? verified : options;
      if (pool.length) pick = this.rng.pick(pool);
    }
    if (!pick) return this.skip(`no ${vertical} customer with an address in a region`);

    const nonCovid = tests.filter((t) => !t.isCovid);
    const pool = nonCovid.length && !this.rng.chance(0.05) ? nonCovid : tests;
    const chosen = this.rng.shuffle(pool).slice(0, this.rng.int(1, Math.min(3, pool.length)));
    const isCovid = chosen.some((t) => t.isCovid);

    const slot = await this.freeSlot(vertical, pick.regionId, isCovid);
    if (!slot) return this.skip(`no free slot in region ${pick.regionId}`);

    const { customer } = pick;
    const body = {
      patient: this.rng.pick(customer.patients).id,
      customer_address: pick.addressId,
      region: pick.regionId,
      scan_type: chosen.map((t) => t.code),
      date: slot.date,
      time_slot: slot.id,
      value: chosen.reduce((sum, t) => sum + t.value, 0),
      additional_notes: this.rng.chance(0.2) ? 'Booked by the simulator' : '',
      urgent_delivery: this.rng.chance(0.05),
      fulfillment_method: 'online',
      order_source: this.orderSource(),
      hear_about:
        customer.hasFilledHearAboutUs || this.hearAbout.length === 0
          ? null
          : this.rng.pick(this.hearAbout).id,
      order_type: 1,
      customer: customer.id,
      vertical,
      is_external: false,
    };
    // Unique per booking, not per seed: a rerun with the same seed must not replay old keys.
    const key = randomUUID();
    const order = await this.createWithRetry(vertical, body, key);
    this.stats.ordersBooked++;
    this.log(
      `demand: booked ${vertical} order ${order.number} for ${customer.phone}, ${slot.date} ${slot.id}`,
    );
  }

  /** The same Idempotency-Key on a retry: a lost answer never books the order twice. */
  private async createWithRetry(vertical: Vertical, body: unknown, key: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.api.post('/orders/:vertical/', {
          params: { vertical },
          body,
          headers: { 'idempotency-key': key },
        });
      } catch (e) {
        const transient = e instanceof ApiError && (e.status === 0 || e.status >= 500);
        if (!transient || attempt >= 1) throw e;
        await sleep(1_000);
      }
    }
  }

  private async freeSlot(vertical: Vertical, regionId: number, isCovid: boolean) {
    for (const offset of [0, 1]) {
      const date = karachiDateString(new Date(Date.now() + offset * DAY_MS));
      const slots = await this.api.post('/orders/:vertical/time-slots/', {
        params: { vertical },
        body: { date, region_id: regionId, is_covid: isCovid },
      });
      if (slots.length) {
        const early = slots.slice(0, EARLIEST_SLOTS);
        return { date, id: this.rng.pick(early).id };
      }
    }
    return null;
  }

  private orderSource(): number | undefined {
    const online = this.orderSources.find((s) => /online|regular/i.test(s.text));
    return (online ?? this.orderSources[0])?.id;
  }

  private skip(why: string): void {
    this.stats.bookingsSkipped++;
    this.log(`demand: skipped a booking: ${why}`);
  }
}
