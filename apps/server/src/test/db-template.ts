import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DbHandle, openDb, SMALL_PGLITE_START_PARAMS } from '../db/client';

/**
 * The migrated, empty database every server test file starts from, built once per vitest run
 * (global-setup.ts) instead of once per file: migrating takes about 2 s, copying it a fraction.
 *
 *  - PGlite: the migrated data directory as a tar (dumpDataDir), in a file under .tmp/test-db/;
 *    each file opens it with openDb's loadDataDir.
 *  - PostgreSQL (TEST_DATABASE_URL set): a migrated database in the same cluster; each file gets
 *    `CREATE DATABASE … TEMPLATE` of it.
 *
 * The setup names it in this environment variable, which the test workers inherit. Without it
 * (a bench run by tsx, a vitest project without the setup) test-app.ts migrates afresh as before.
 * openDb runs the migrations on the copy as well, where they find nothing to do.
 */
export const TEMPLATE_ENV = 'DASTAK_TEST_DB_TEMPLATE';

const TEMPLATE_DB_NAME = /^dastak_template_[0-9a-f]+$/;

/**
 * PGlite's parameters for the tests' databases: small ones (SMALL_PGLITE_START_PARAMS), and a
 * template made with 1 MB WAL segments, since the dump carried an empty 16 MB one that every
 * copy unpacked. A copy starts in about 0.4 s, not 1.5 s (ADR 0005).
 */
export const TEST_PGLITE = {
  startParams: SMALL_PGLITE_START_PARAMS,
  initDbStartParams: ['--wal-segsize=1'],
};

/** Builds the template for this run's engine; returns its name and how to remove it. */
export async function buildTemplate(
  databaseUrl: string | undefined,
  root: string,
): Promise<{ template: string; remove: () => Promise<void> }> {
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!databaseUrl) {
    const handle = await openDb({ pglite: TEST_PGLITE });
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // The copies use only the `postgres` database: the two templates initdb makes would be
    // half of every copy's bytes to unpack (nothing in a test creates a database on PGlite).
    await client.exec(
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    );
    await client.query('drop database template0');
    await client.query('drop database template1');
    // Less WAL for every copy to replay when it opens.
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    await handle.close();
    const dir = path.join(root, '.tmp', 'test-db');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-${tag}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { template: file, remove: async () => fs.rmSync(file, { force: true }) };
  }
  const name = `dastak_template_${tag.replace('_', '')}`;
  await adminQuery(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString() });
  // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
  await handle.close();
  return {
    template: name,
    remove: () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`),
  };
}

let dump: Promise<Blob> | undefined;

/** PGlite: the template's tar, read once per worker; undefined without a template. */
export function templateDump(): Promise<Blob> | undefined {
  const file = process.env[TEMPLATE_ENV];
  if (!file) return undefined;
  dump ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return dump;
}

/**
 * PGlite: a test database, a copy of the run's template (or migrated afresh without one), with
 * the tests' engine parameters.
 */
export async function openTestPglite(): Promise<DbHandle> {
  const dump = templateDump();
  return openDb({ pglite: TEST_PGLITE, ...(dump ? { loadDataDir: await dump } : {}) });
}

/**
 * PGlite in a data directory (a server's DATA_DIR), starting as a copy of the run's template:
 * for the tests of backups, restarts and shutdowns, which need a directory a server has used
 * rather than a first start. A first start pays for initdb and the migrations with a server's
 * engine, about 8 s of CPU; a first start itself is files-at-rest.test.ts's subject, and the
 * e2e servers make one each. The directory must be new. A server spawned on it afterwards opens
 * it with its own (production) parameters.
 */
export async function openTestDataDir(dataDir: string): Promise<DbHandle> {
  const dump = templateDump();
  return openDb({ dataDir, pglite: TEST_PGLITE, ...(dump ? { loadDataDir: await dump } : {}) });
}

/** openTestDataDir, closed again: the directory for a spawned server to start on. */
export async function seedDataDir(dataDir: string): Promise<void> {
  await (await openTestDataDir(dataDir)).close();
}

/** PostgreSQL: the template database's name, for CREATE DATABASE; undefined without one. */
export function templateDatabase(): string | undefined {
  const name = process.env[TEMPLATE_ENV];
  if (!name) return undefined;
  if (!TEMPLATE_DB_NAME.test(name)) throw new Error(`${TEMPLATE_ENV}=${name} is not a template`);
  return name;
}

/** One statement on the cluster through its own connection (CREATE/DROP DATABASE). */
export async function adminQuery(databaseUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
