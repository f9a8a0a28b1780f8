import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite17 } from 'pglite-03';
import { pg_trgm as pg_trgm17 } from 'pglite-03/contrib/pg_trgm';
import { MIGRATIONS_DIR, PGLITE_PG_MAJOR } from '../db/client';
import { tightenTree } from '../lib/private-files';
import { pgliteDirOf, serverRunning } from './data-dir';

/**
 * Carries an embedded database written by Dastak on PGlite 0.3 (PostgreSQL 17) over to this
 * release's PGlite 0.5 (PostgreSQL 18), which cannot open it (ADR 0036). PGlite 0.3 stays
 * installed under the alias `pglite-03` for this: it opens the old directory and brings it to this
 * release's migrations; a new directory gets the same migrations; every table of the app's
 * schema is copied across (COPY, text format: portable between major versions) with triggers
 * and foreign-key checks off, and each sequence is set where it was. The old directory is kept
 * beside the new one as pglite.pg17-<time>.
 */

interface Lite {
  query<T>(
    q: string,
    params?: unknown[],
    opts?: { blob?: Blob },
  ): Promise<{ rows: T[]; blob?: Blob }>;
  exec(q: string): Promise<unknown>;
  close(): Promise<void>;
}

export interface UpgradeResult {
  tables: number;
  rows: number;
  /** Where the PostgreSQL 17 directory now is. */
  previous: string;
}

export async function upgradeDataDir(
  dataDir: string,
  log: (m: string) => void = () => {},
): Promise<UpgradeResult> {
  const dir = pgliteDirOf(dataDir);
  const versionFile = `${dir}/PG_VERSION`;
  if (!fs.existsSync(versionFile)) throw new Error(`no database in ${dir}`);
  const found = fs.readFileSync(versionFile, 'utf8').trim();
  if (found === PGLITE_PG_MAJOR) throw new Error(`${dir} is already PostgreSQL ${found}`);
  if (found !== '17') throw new Error(`${dir} is PostgreSQL ${found}: only 17 is carried over`);
  if (await serverRunning(dataDir)) {
    throw new Error('the server is running on this data directory: stop it, then upgrade');
  }
  const next = `${dir}.upgrading`;
  fs.rmSync(next, { recursive: true, force: true });
  const old = (await PGlite17.create({
    dataDir: dir,
    extensions: { pg_trgm: pg_trgm17 },
  })) as unknown as Lite;
  let fresh: Lite | undefined;
  try {
    await migrate(drizzle({ client: old as never }), { migrationsFolder: MIGRATIONS_DIR });
    fs.mkdirSync(next, { recursive: true });
    fresh = (await PGlite.create({ dataDir: next, extensions: { pg_trgm } })) as unknown as Lite;
    await migrate(drizzle({ client: fresh as never }), { migrationsFolder: MIGRATIONS_DIR });
    const tables = await tablesOf(old);
    const freshTables = await tablesOf(fresh);
    if (tables.join() !== freshTables.join()) {
      throw new Error('the old database has other tables than the migrations make');
    }
    // Replica role from here: no trigger fires while the old rows move in, and that includes
    // the audit trail's refusal of TRUNCATE (ADR 0054), which guards live data, not a copy
    // being made of it.
    await fresh.exec('set session_replication_role = replica');
    // Rows a migration may have inserted give way to the old database's own.
    if (tables.length > 0) {
      await fresh.exec(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`);
    }
    let rows = 0;
    for (const table of tables) {
      const n = await count(old, table);
      if (n === 0) continue;
      const columns = (
        await old.query<{ c: string }>(
          `select column_name as c from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
           order by ordinal_position`,
          [table],
        )
      ).rows
        .map((r) => `"${r.c}"`)
        .join(', ');
      const out = await old.query(`copy "${table}" (${columns}) to '/dev/blob'`);
      if (!out.blob) throw new Error(`no rows came out of ${table}`);
      await fresh.query(`copy "${table}" (${columns}) from '/dev/blob'`, [], { blob: out.blob });
      const copied = await count(fresh, table);
      if (copied !== n) throw new Error(`${table}: ${copied} of ${n} rows copied`);
      rows += n;
    }
    await fresh.exec('set session_replication_role = origin');
    const sequences = await old.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences
       where schemaname = 'public'`,
    );
    for (const s of sequences.rows) {
      if (s.value === null) continue;
      await fresh.query('select setval($1::regclass, $2::bigint, true)', [`"${s.name}"`, s.value]);
    }
    await fresh.exec('checkpoint');
    log(`copied ${rows} rows of ${tables.length} tables and ${sequences.rows.length} sequences`);
    await fresh.close();
    fresh = undefined;
    await old.close();
    const previous = `${dir}.pg17-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, previous);
    fs.renameSync(next, dir);
    tightenTree(dataDir);
    return { tables: tables.length, rows, previous };
  } catch (err) {
    await fresh?.close().catch(() => {});
    await old.close().catch(() => {});
    fs.rmSync(next, { recursive: true, force: true });
    throw err;
  }
}

async function tablesOf(db: Lite): Promise<string[]> {
  const { rows } = await db.query<{ t: string }>(
    `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
  );
  return rows.map((r) => r.t);
}

async function count(db: Lite, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
  return rows[0]?.n ?? 0;
}

/**
 * Restores a backup made before PGlite 0.5 (a PostgreSQL 17 data directory as a gzipped tar) into
 * DATA_DIR/pglite: PGlite 0.3 unpacks it, then it is carried over as above; the unpacked
 * PostgreSQL 17 copy is dropped (the backup file is that copy).
 */
export async function restorePg17(dataDir: string, gz: Uint8Array<ArrayBuffer>): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const old = await PGlite17.create({
    dataDir: dir,
    loadDataDir: new Blob([gz]),
    extensions: { pg_trgm: pg_trgm17 },
  });
  await old.close();
  const { previous } = await upgradeDataDir(dataDir);
  fs.rmSync(previous, { recursive: true, force: true });
}
