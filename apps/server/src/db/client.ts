import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { tightenTree } from '../lib/private-files';

/** The one database type the app uses; PGlite and node-postgres both produce it. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Repositories accept either the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs one raw statement; used by health checks and benchmarks' floors. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: where the realtime LISTEN connection goes when it must bypass a
   * transaction-mode pooler (PgBouncer cannot carry LISTEN); unset, the pool's own URL.
   */
  listenUrl?: string;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * PGlite's start parameters for a database that holds a few megabytes and serves one caller: a
 * backup's verifying restore, a test's copy. PGlite's defaults size the engine for a server
 * (128 MB of shared buffers, 100 connections), and zeroing that shared memory was most of the
 * time such a database took to open (ADR 0005): 16 MB and 4 connections open it in a fraction.
 */
export const SMALL_PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'max_connections=4',
];

export interface OpenDbOptions {
  /** postgres:// URL; unset means PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset (with no URL) means in memory. */
  dataDir?: string;
  /**
   * PGlite only: a dumpDataDir() tarball to start from, such as the tests' migrated template
   * (test/db-template.ts). The migrations still run on it, so a dump that lags behind them is
   * brought up to date like any other database.
   */
  loadDataDir?: Blob;
  /**
   * PGlite only: the engine's start and initdb parameters, in place of PGlite's defaults. For the
   * tests' throwaway databases (test/db-template.ts), which need far less shared memory.
   */
  pglite?: { startParams?: string[]; initDbStartParams?: string[] };
  /** Errors of idle pooled connections (server restart, terminated backend). */
  onPoolError?: (err: Error) => void;
  /** PostgreSQL only: the pool's size (DB_POOL_MAX). */
  poolMax?: number;
  /** PostgreSQL only: DATABASE_LISTEN_URL (DbHandle.listenUrl). */
  listenUrl?: string;
}

/**
 * The session lock every server takes on PostgreSQL while it migrates, so N servers started at
 * once during an upgrade run the migrations one after another: the first applies them, the
 * others find them applied. Without it two run `CREATE EXTENSION pg_trgm` at once and one
 * crashes (ADR 0064). Any constant will do, as long as it never changes.
 */
export const MIGRATION_LOCK_KEY = 7_202_611_280;

/** Migrations under the advisory lock, held on a connection of its own. */
async function migrateLocked(pool: pg.Pool, db: Db) {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Released with the session too, should the unlock itself fail on a broken connection.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // maxUses: hot statements are prepared once per connection (lib/statement-cache.ts names
    // them) and PostgreSQL keeps each until its connection closes; replacing a connection now
    // and then bounds that memory whatever shapes the lists have seen.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 20,
      maxUses: 10_000,
    });
    // Without a listener, an idle connection dropped by the server crashes the process; the pool
    // replaces it on the next checkout, so reporting it is enough.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
    try {
      await migrateLocked(pool, db);
    } catch (err) {
      // The caller exits; an open pool would keep the process alive meanwhile.
      await pool.end().catch(() => {});
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      listenUrl: opts.listenUrl,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    checkDataDirVersion(dir);
  }
  // The options-only form: PGlite ignores options passed after an undefined dataDir.
  const client = await PGlite.create({
    dataDir: dir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    ...opts.pglite,
  });
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  // PGlite writes a new or loaded directory's files 0666 whatever the umask (ADR 0049).
  if (dir) tightenTree(dir);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** The PostgreSQL major version of the embedded engine (PGlite 0.5.x); a test holds it to it. */
export const PGLITE_PG_MAJOR = '18';

/** A data directory this release cannot open; main prints the message alone (no stack). */
export class DataDirError extends Error {}

/**
 * PostgreSQL opens only a data directory of its own major version, and PGlite would abort with
 * a bare wasm error. Dastak before PGlite 0.5 wrote PostgreSQL 17 directories: those are carried
 * over by `npm run upgrade-data` (ADR 0036); anything else is refused with what to do.
 */
export function checkDataDirVersion(dir: string) {
  const file = path.join(dir, 'PG_VERSION');
  if (!fs.existsSync(file)) return;
  const found = fs.readFileSync(file, 'utf8').trim();
  if (found === PGLITE_PG_MAJOR) return;
  const how =
    found === '17'
      ? 'It was made by an earlier Dastak (PGlite 0.3). Stop the server and run ' +
        '`npm run upgrade-data` to carry it over (the old directory is kept beside it).'
      : 'Restore a backup made by this release, or move the directory away to start afresh.';
  throw new DataDirError(
    `The embedded database in ${dir} is PostgreSQL ${found}; this release runs PostgreSQL ${PGLITE_PG_MAJOR} and cannot open it. ${how}`,
  );
}

/**
 * Rows of a compiled statement (lib/statement-cache.ts), sent to the driver itself: the pool or
 * the embedded database, skipping drizzle's per-call compile and result wrapping. On the pool a
 * named statement is prepared once per connection, so PostgreSQL stops planning it afresh on
 * every call once its generic plan is as good (plan_cache_mode auto), which was a third of the
 * orders list's statement time (ADR 0012). Inside a transaction drizzle holds the connection, so
 * the statement goes through it.
 */
export async function queryRows<T>(
  db: DbOrTx,
  query: { sql: string; params: unknown[]; name?: string },
  asSql: () => SQL,
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const config = { name: query.name, text: query.sql, values: query.params };
    return (await client.query(config)).rows as T[];
  }
  if (client instanceof PGlite) return (await client.query<T>(query.sql, query.params)).rows;
  return ((await db.execute(asSql())) as unknown as { rows: T[] }).rows;
}
