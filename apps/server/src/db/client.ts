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
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export interface OpenDbOptions {
  /** postgres:// URL; unset means PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset (with no URL) means in memory. */
  dataDir?: string;
  /** Errors of idle pooled connections (server restart, terminated backend). */
  onPoolError?: (err: Error) => void;
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // maxUses: hot statements are prepared once per connection (lib/statement-cache.ts names
    // them) and PostgreSQL keeps each until its connection closes; replacing a connection now
    // and then bounds that memory whatever shapes the lists have seen.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, maxUses: 10_000 });
    // Without a listener, an idle connection dropped by the server crashes the process; the pool
    // replaces it on the next checkout, so reporting it is enough.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = drizzlePg({ client: pool, casing: 'snake_case' }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'postgres',
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
  }
  // The options-only form: PGlite ignores options passed after an undefined dataDir.
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
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
