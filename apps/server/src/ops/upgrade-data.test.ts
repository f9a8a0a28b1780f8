import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite17 } from 'pglite-03';
import { pg_trgm as pg_trgm17 } from 'pglite-03/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, MIGRATIONS_DIR, openDb, PGLITE_PG_MAJOR } from '../db/client';
import { generateDemoData } from '../demo/generate';
import { openTestPglite } from '../test/db-template';
import { ROOT, spawnServer } from './spawn-server';

/**
 * A data directory of Dastak on PGlite 0.3 (PostgreSQL 17) under this release (PGlite 0.5,
 * PostgreSQL 18): `npm start` refuses it with what to do, and `npm run upgrade-data` carries every
 * row and sequence over (ADR 0036).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-upgrade-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** Rows and an md5 of the sorted rows' text of every table, and every sequence's position. */
async function contents(db: Db) {
  const tables = await rowsOf<{ s: string; t: string }>(
    db,
    sql`select table_schema as s, table_name as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const sums: Record<string, string> = {};
  for (const { s, t } of tables) {
    const [r] = await rowsOf<{ n: number; sum: string }>(
      db,
      sql`select count(*)::int as n, coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as sum from ${sql.raw(`"${s}"."${t}"`)} x`,
    );
    sums[`${s}.${t}`] = `${r?.n} ${r?.sum}`;
  }
  const seqs = await rowsOf<{ name: string; value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' order by 1`,
  );
  return { sums, sequences: Object.fromEntries(seqs.map((s) => [s.name, s.value])) };
}

const cli = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/ops/backup-cli.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    },
  );

/** What the first test's PostgreSQL 17 database held, and where that directory was kept. */
let before: Awaited<ReturnType<typeof contents>> | undefined;
let keptDir: string | undefined;

describe('a PostgreSQL 17 data directory (Dastak on PGlite 0.3)', () => {
  it('is refused by npm start, and upgrade-data carries every row and sequence over', async () => {
    const dataDir = path.join(tmp, 'data');
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const old = await PGlite17.create({ dataDir: dir, extensions: { pg_trgm: pg_trgm17 } });
    const oldDb = drizzle({ client: old as never, casing: 'snake_case' }) as unknown as Db;
    await migrate(oldDb as never, { migrationsFolder: MIGRATIONS_DIR });
    await generateDemoData(oldDb, { orders: 40, staffPassword: 'demo-pass', seed: 11 });
    before = await contents(oldDb);
    expect(before.sums['public.orders']).toMatch(/^40 /);
    await old.close();
    expect(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toBe('17');

    // The server stops at once with the way out, not a wasm stack, and leaves the directory be.
    const start = spawnServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'x12345678' }, 60);
    const refusal = await start.then(
      () => 'started',
      (err: Error) => err.message,
    );
    expect(refusal).toContain('is PostgreSQL 17; this release runs PostgreSQL 18');
    expect(refusal).toContain('npm run upgrade-data');
    expect(refusal).not.toMatch(/\n\s+at /);
    expect(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toBe('17');

    const { stdout } = await cli(dataDir, 'upgrade-data');
    expect(stdout).toContain('is now PostgreSQL 18');
    expect(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toBe('18');
    const kept = fs.readdirSync(dataDir).filter((f) => f.startsWith('pglite.pg17-'));
    expect(kept).toHaveLength(1);
    keptDir = path.join(dataDir, kept[0] as string);
    expect(fs.readFileSync(path.join(keptDir, 'PG_VERSION'), 'utf8').trim()).toBe('17');

    const handle = await openDb({ dataDir });
    try {
      expect(await contents(handle.db)).toEqual(before);
      // Foreign keys hold on the copied rows (they were loaded with the checks off).
      const [bad] = await rowsOf<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from orders o
            where not exists (select 1 from customers c where c.id = o.customer_id)`,
      );
      expect(bad?.n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 240_000);

  it('restores from a backup made before the upgrade (npm run restore)', async () => {
    if (!before || !keptDir) throw new Error('runs after the test above');
    // `npm run backup` of the earlier release: PGlite 0.3's data directory as a gzipped tar.
    const old = await PGlite17.create({ dataDir: keptDir, extensions: { pg_trgm: pg_trgm17 } });
    const file = path.join(tmp, 'pg17-backup.tar.gz');
    fs.writeFileSync(file, Buffer.from(await (await old.dumpDataDir('gzip')).arrayBuffer()));
    await old.close();
    const dataDir = path.join(tmp, 'restored');
    const { stdout } = await cli(dataDir, 'restore', file);
    expect(stdout).toContain('restore:');
    expect(fs.readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe('18');
    const handle = await openDb({ dataDir });
    try {
      expect(await contents(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  }, 240_000);

  it('is what the embedded engine is not: it runs PostgreSQL 18', async () => {
    const handle = await openTestPglite();
    try {
      const [r] = await rowsOf<{ v: string }>(
        handle.db,
        sql`select current_setting('server_version') as v`,
      );
      expect(r?.v.split('.')[0]).toBe(PGLITE_PG_MAJOR);
    } finally {
      await handle.close();
    }
  });
});
