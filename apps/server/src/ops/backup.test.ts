import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db/client';
import { generateDemoData } from '../demo/generate';
import { pgliteOf } from '../demo/insert';
import { adminQuery, openTestDataDir } from '../test/db-template';
import { backup, restore, serveAdminSocket } from './backup';
import { ROOT } from './spawn-server';

/**
 * `npm run backup` / `npm run restore` round-trip the demo database: every table (the migrations'
 * journal included) has the same rows, by count and by a checksum of its rows, afterwards.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const quiet = { info() {}, warn() {} };

/** Rows and an md5 of the sorted rows' text, of every table of the app's schemas. */
async function tableSums(db: Db) {
  const { rows: tables } = (await db.execute(sql`
    select table_schema as s, table_name as t from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
    order by 1, 2`)) as unknown as { rows: { s: string; t: string }[] };
  const sums: Record<string, string> = {};
  for (const { s, t } of tables) {
    const name = sql.raw(`"${s}"."${t}"`);
    const { rows } = (await db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as sum from ${name} x`,
    )) as unknown as { rows: { n: number; sum: string }[] };
    sums[`${s}.${t}`] = `${rows[0]?.n} ${rows[0]?.sum}`;
  }
  return sums;
}

/** One of the operator's commands (`npm run backup`, `user`, `seed`): its script under tsx. */
const run = (script: string, env: Record<string, string>, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
  });
const cli = (env: Record<string, string>, ...args: string[]) =>
  run('apps/server/src/ops/backup-cli.ts', env, ...args);

async function demo(db: Db) {
  await generateDemoData(db, { orders: 40, staffPassword: 'demo-pass', seed: 11 });
}

const base = process.env.TEST_DATABASE_URL;

// Always on a PGlite directory, whatever the pass's engine: the PGlite pass runs it, the
// PostgreSQL pass (which would run it identically again) runs the pg_dump half below.
describe.skipIf(base)('embedded database (PGlite)', () => {
  it('backs up from the running server, restores elsewhere, every table equal', async () => {
    const source = path.join(tmp, 'source');
    const copy = path.join(tmp, 'copy');
    const file = path.join(tmp, 'live.tar.gz');
    const handle = await openTestDataDir(source);
    await demo(handle.db);
    const before = await tableSums(handle.db);
    expect(Number(before['public.orders']?.split(' ')[0])).toBe(40);
    // The server's side of `npm run backup`, while it holds the directory.
    const lite = pgliteOf(handle.db);
    if (!lite) throw new Error('not PGlite');
    const socket = await serveAdminSocket(source, lite, quiet);
    try {
      const { stdout } = await cli({ DATA_DIR: source }, 'backup', '--out', file);
      expect(stdout).toContain('from the running server');
      // Restoring under a running server is refused, and leaves it alone.
      // So are a new user and a seed, whose change the server would lose: each says so.
      for (const [script, args] of [
        ['apps/server/src/ops/backup-cli.ts', ['restore', file]],
        [
          'apps/server/src/modules/users/user-cli.ts',
          ['create', '--email', 'x@y.pk', '--password', 'secret1'],
        ],
        ['apps/server/src/demo/seed-cli.ts', ['--data-dir', source, '--orders', '5']],
      ] as const) {
        await expect(run(script, { DATA_DIR: source }, ...args)).rejects.toMatchObject({
          stderr: expect.stringContaining(`A Dastak server is running on ${source}: stop it`),
        });
      }
      expect(await tableSums(handle.db)).toEqual(before);
    } finally {
      await socket.close();
      await handle.close();
    }
    const { stdout } = await cli({ DATA_DIR: copy }, 'restore', file);
    expect(stdout).toContain('restore:');
    const restored = await openDb({ dataDir: copy });
    try {
      expect(await tableSums(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('backs up a stopped database and restores over it, keeping the replaced directory', async () => {
    // The demo database the first test restored (or a new one when run alone).
    const dir = path.join(tmp, 'copy');
    const file = path.join(tmp, 'stopped.tar.gz');
    let handle = await openDb({ dataDir: dir });
    if (!(await tableSums(handle.db))['public.orders']?.startsWith('40 ')) await demo(handle.db);
    const before = await tableSums(handle.db);
    await handle.close();
    const r = await backup({ dataDir: dir }, file);
    expect(r).toMatchObject({ engine: 'pglite', via: 'data-dir' });
    // A change after the backup, undone by the restore.
    handle = await openDb({ dataDir: dir });
    await handle.db.execute(sql`delete from order_activities`);
    expect(await tableSums(handle.db)).not.toEqual(before);
    await handle.close();
    const { previous } = await restore({ dataDir: dir }, file);
    expect(previous && fs.existsSync(previous)).toBe(true);
    handle = await openDb({ dataDir: dir });
    try {
      expect(await tableSums(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
    // A file of the other engine is refused before anything is touched.
    fs.writeFileSync(path.join(tmp, 'bogus'), 'PGDMP-not-gzip');
    await expect(restore({ dataDir: dir }, path.join(tmp, 'bogus'))).rejects.toThrow(
      'not an embedded-database backup',
    );
  }, 180_000);
});

describe.runIf(base)('PostgreSQL', () => {
  const made: string[] = [];
  const admin = (q: string) => adminQuery(base as string, q);
  const newDb = async () => {
    const name = `dastak_b_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    made.push(name);
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    for (const name of made) await admin(`drop database if exists ${name} with (force)`);
  });

  it('pg_dump while in use, pg_restore into an empty database and over a changed one', async () => {
    const sourceUrl = await newDb();
    const targetUrl = await newDb();
    const file = path.join(tmp, 'pg.dump');
    const source = await openDb({ databaseUrl: sourceUrl });
    let before: Record<string, string>;
    try {
      await demo(source.db);
      before = await tableSums(source.db);
      // The source stays open and in use (the server running) while the dump is taken.
      const { stdout } = await cli({ DATABASE_URL: sourceUrl }, 'backup', '--out', file);
      expect(stdout).toContain('pg_dump');
    } finally {
      await source.close();
    }
    await cli({ DATABASE_URL: targetUrl }, 'restore', file);
    let target = await openDb({ databaseUrl: targetUrl });
    try {
      expect(await tableSums(target.db)).toEqual(before);
      await target.db.execute(sql`delete from order_activities`);
    } finally {
      await target.close();
    }
    await restore({ databaseUrl: targetUrl, dataDir: tmp }, file);
    target = await openDb({ databaseUrl: targetUrl });
    try {
      expect(await tableSums(target.db)).toEqual(before);
    } finally {
      await target.close();
    }
  }, 180_000);
});
