import type { Reply } from '@dastak/core/api-replies';
import type { CollectionCenter } from '@dastak/core/entities/locations';
import type { ReferenceItem } from '@dastak/core/entities/lookups';
import { type ApiClient, ApiError, allPages } from './api-client';
import type { Point } from './geo';

export type Vertical = 'blood' | 'xray';
export type { CollectionCenter };

export interface RosterRider {
  email: string;
  vertical: Vertical | null;
  start: Point | null;
  mobileModel: string | null;
  appVersion: string | null;
}

const asVertical = (name: string | undefined | null): Vertical | null => {
  const n = name?.toLowerCase() ?? '';
  return n.includes('x') ? 'xray' : n.includes('blood') ? 'blood' : null;
};

/**
 * What the simulator reads through a staff session (the dispatcher): the rider roster, reference
 * lists riders may not be allowed to read, and an order's pin when a task does not carry one.
 */
export class Backoffice {
  /** Problem strings are per vertical: the server refuses a blood string on an X-ray order. */
  problemStrings: Partial<Record<Vertical, ReferenceItem[]>> = {};
  collectionCenters: CollectionCenter[] = [];
  private readonly orderPoints = new Map<number, Point | null>();

  constructor(
    readonly staff: ApiClient,
    private readonly log: (msg: string) => void,
  ) {}

  async load(): Promise<void> {
    try {
      this.collectionCenters = await allPages(this.staff, '/location/collection-centers/');
    } catch (e) {
      this.log(`collection centers unavailable (${(e as Error).message})`);
    }
  }

  /** Problem strings of both verticals, read by the rider if allowed, else by the staff session once. */
  async loadProblemStrings(rider: ApiClient): Promise<void> {
    if (Object.keys(this.problemStrings).length) return;
    for (const api of [rider, this.staff]) {
      try {
        for (const vertical of ['blood', 'xray'] as const) {
          this.problemStrings[vertical] = await api.get('/orders/problem-strings/', {
            query: { vertical },
          });
        }
        return;
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 403) {
          this.log(`problem strings unavailable (${(e as Error).message})`);
          return;
        }
      }
    }
  }

  /**
   * Riders to drive: active riders of the wanted verticals, those on duty first, from the staff
   * rider list. Null when the list is not available (the caller falls back to demo emails).
   */
  async roster(verticals: Vertical[]): Promise<RosterRider[] | null> {
    let riders: Reply<'GET /entity/riders/'>['results'];
    try {
      riders = await allPages(this.staff, '/entity/riders/', { maxPages: 20 });
    } catch (e) {
      this.log(`rider list unavailable (${(e as Error).message}); using demo rider emails`);
      return null;
    }
    const wanted = riders.filter((r) => {
      const v = asVertical(r.profile.vertical?.name);
      return r.email && r.isActive && (v === null || verticals.includes(v));
    });
    const onDutyFirst = [...wanted.filter((r) => r.isOnDuty), ...wanted.filter((r) => !r.isOnDuty)];
    return onDutyFirst.map((r) => ({
      email: r.email as string,
      vertical: asVertical(r.profile.vertical?.name),
      start:
        r.lastKnownLatitude !== null && r.lastKnownLongitude !== null
          ? { latitude: r.lastKnownLatitude, longitude: r.lastKnownLongitude }
          : null,
      mobileModel: r.profile.mobileModel,
      appVersion: r.profile.appVersion,
    }));
  }

  centerById(id: number | undefined, name: string | undefined): CollectionCenter | null {
    return (
      this.collectionCenters.find((c) => c.id === id) ??
      this.collectionCenters.find((c) => c.name === name) ??
      null
    );
  }

  /** The order's pin from the order detail, for tasks that come without coordinates. */
  async orderPoint(orderId: number, verticals: Vertical[]): Promise<Point | null> {
    if (this.orderPoints.has(orderId)) return this.orderPoints.get(orderId) ?? null;
    let point: Point | null = null;
    for (const v of verticals) {
      try {
        const o = await this.staff.get('/orders/:vertical/:id/', {
          params: { vertical: v, id: orderId },
        });
        point = { latitude: o.latitude, longitude: o.longitude };
        break;
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 404) break;
      }
    }
    this.orderPoints.set(orderId, point);
    return point;
  }
}
