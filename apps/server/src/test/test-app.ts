import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyBaseLogger } from 'fastify';
import { type App, type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import { type DbHandle, openDb } from '../db/client';
import { ensurePermissions } from '../modules/users/users.repository';
import { createStaffUser } from '../modules/users/users.service';
import { adminQuery, openTestDataDir, openTestPglite, templateDatabase } from './db-template';

/**
 * A real app on a real, empty, migrated database: in-memory PGlite by default, or a fresh
 * PostgreSQL database per test file when TEST_DATABASE_URL is set (scripts/with-postgres.sh).
 * Under vitest both are copies of the run's migrated template (db-template.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** A logger to capture what the app logs (the default logs nothing). */
  options: {
    loggerInstance?: FastifyBaseLogger;
    onRoute?: BuildAppOptions['onRoute'];
    /**
     * An embedded database in this new DATA_DIR instead (a copy of the template), kept on
     * close: for a real server to open.
     */
    dataDir?: string;
  } = {},
) {
  const { handle, drop } = options.dataDir
    ? { handle: await openTestDataDir(options.dataDir), drop: async () => {} }
    : await openTestDb();
  const config: Config = loadConfig({
    DATA_DIR: `/tmp/dastak-test-${randomBytes(4).toString('hex')}`,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'not-used-in-tests',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  await ensurePermissions(handle.db, ALL_PERMISSIONS);
  const app = await buildApp({
    config,
    dbHandle: handle,
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    onRoute: options.onRoute,
  });
  return {
    app,
    db: handle.db,
    config,
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

async function openTestDb(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { handle: await openTestPglite(), drop: async () => {} };
  const name = `dastak_t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const template = templateDatabase();
  await adminQuery(base, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString() });
  return {
    handle,
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
  };
}

let userSeq = 0;

/** A staff user with exactly these permissions; returns the credentials. */
export async function createUser(
  t: { db: DbHandle['db'] },
  permissions: readonly string[] = [],
  overrides: { email?: string; password?: string } = {},
) {
  const email = overrides.email ?? `staff${++userSeq}-${randomBytes(3).toString('hex')}@test.local`;
  const password = overrides.password ?? 'secret123';
  const user = await createStaffUser(t.db, {
    email,
    password,
    firstName: 'Test',
    lastName: `User${userSeq}`,
    permissions,
  });
  return { id: user.id, email, password };
}

/** A test app with an admin (every permission) logged in: the app and the admin's headers. */
export async function createAdminTestApp() {
  const t = await createTestApp();
  const u = await createUser(t, ALL_PERMISSIONS);
  return { t, admin: bearer((await login(t.app, u.email, u.password)).token) };
}

/** Logs in through the API, as the console does. */
export async function login(app: App, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    payload: { email, password, player_id: 'test' },
    remoteAddress: randomAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; refreshToken: string; user: { id: number } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A fresh client address, so per-address login limits of one test do not leak into another. */
export const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
