import { PERMISSIONS } from '@dastak/core/permissions';
import { parseKarachi } from '@dastak/core/rules/karachi-time';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { hotspots } from '../../db/schema/locations';
import { riderShiftSchedules, riderShifts, shiftSchedules } from '../../db/schema/shifts';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';
import {
  type Geography,
  insertRider,
  seedGeography,
  type TestCtx,
} from '../riders/riders.fixtures';

/**
 * The shift tests' world: an app on a fresh database, Lahore's regions with a hotspot each in
 * Gulberg and DHA, and tokens of an editor (every permission), a viewer (view shift schedule and
 * rider shift only) and a user with no permission.
 */
export function shiftsHarness() {
  const h = {} as {
    t: TestCtx;
    geo: Geography;
    editor: string;
    viewer: string;
    nobody: string;
    gulbergHotspot: number;
    dhaHotspot: number;
    call: (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      tok: string,
      payload?: object,
    ) => Promise<LightMyRequestResponse>;
    rider: (regionId?: number, profile?: object) => Promise<number>;
    riderWithLogin: (regionId?: number) => Promise<{ id: number; email: string; password: string }>;
    /** Row counts of the shift tables: a refused call must leave them as they were. */
    counts: () => Promise<{ schedules: number; assignments: number; riderShifts: number }>;
  };
  h.call = (method, url, tok, payload) =>
    h.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(tok), payload });
  h.rider = async (regionId = h.geo.gulberg.id, profile = {}) =>
    (await insertRider(h.t.db, { regionId, profile })).id;
  h.riderWithLogin = (regionId = h.geo.gulberg.id) => insertRider(h.t.db, { regionId });
  h.counts = async () => {
    const n = async (
      table: typeof shiftSchedules | typeof riderShiftSchedules | typeof riderShifts,
    ) => (await h.t.db.select({ n: count() }).from(table))[0]!.n;
    return {
      schedules: await n(shiftSchedules),
      assignments: await n(riderShiftSchedules),
      riderShifts: await n(riderShifts),
    };
  };
  beforeAll(async () => {
    h.t = await createTestApp();
    h.geo = await seedGeography(h.t.db);
    const [g, d] = await h.t.db
      .insert(hotspots)
      .values([
        { name: 'Liberty', regionId: h.geo.gulberg.id, latitude: 31.51, longitude: 74.35 },
        { name: 'Phase 5', regionId: h.geo.dha.id, latitude: 31.47, longitude: 74.4 },
      ])
      .returning();
    h.gulbergHotspot = g!.id;
    h.dhaHotspot = d!.id;
    const token = async (perms: string[]) => {
      const u = await createUser(h.t, perms);
      return (await login(h.t.app, u.email, u.password)).token;
    };
    h.editor = await token(Object.values(PERMISSIONS));
    h.viewer = await token([PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE, PERMISSIONS.CAN_VIEW_RIDER_SHIFT]);
    h.nobody = await token([]);
  });
  afterAll(() => h.t.close());
  return h;
}

const DAY = 24 * 60 * 60_000;

/** Karachi date `n` days from `from`, and its Monday-0 weekday. */
export function karachiDay(n: number, from = new Date()) {
  const date = new Date(from.getTime() + 5 * 60 * 60_000 + n * DAY).toISOString().slice(0, 10);
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return { date, weekday, at: (hhmm: string) => parseKarachi(`${date}T${hhmm}:00`)! };
}
