import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../db/client';
import { generateDemoData } from '../demo/generate';
import { pgliteOf } from '../demo/insert';
import { adminQuery, openTestDataDir } from '../test/db-template';
import { type BackupSource, runScheduledBackup } from './scheduled-backups';
import { verifyPgliteBackup, verifyPostgresBackup } from './verify-backup';

/**
 * Scheduled backups (ADR 0069) are taken while the service writes, verified by a restore whose
 * every table has the rows the database had at the backup's instant, kept owner-only, and
 * rotated; a restore that disagrees with the counts fails the verification.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-scheduled-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const base = process.env.TEST_DATABASE_URL;

/** Inserts a row at a time into a probe table until stopped: the service writing meanwhile. */
function keepWriting(db: Db) {
  let stop = false;
  let written = 0;
  const done = (async () => {
    await db.execute(sql`create table if not exists backup_probe (id serial primary key)`);
    for (let i = 0; i < 5000 && !stop; i++) {
      await db.execute(sql`insert into backup_probe default values`);
      written++;
    }
  })();
  return {
    written: () => written,
    stop: async () => {
      stop = true;
      await done;
    },
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 2, minute, 0));
const mode = (p: string) => fs.statSync(p).mode & 0o777;

async function rotatesAndVerifies(source: BackupSource, db: Db, ext: string) {
  const schedule = { dir: path.join(tmp, `backups-${ext}`), everyMs: 60_000, keep: 1 };
  const writer = keepWriting(db);
  try {
    for (const minute of [1, 2]) {
      const done = await runScheduledBackup(source, schedule, at(minute));
      expect(done.verification).toEqual({ ok: true, differences: [] });
      expect(mode(done.file)).toBe(0o600);
    }
  } finally {
    await writer.stop();
  }
  expect(writer.written()).toBeGreaterThan(0);
  // The newest kept, no partial or scratch folder left, the folder owner-only.
  expect(fs.readdirSync(schedule.dir)).toEqual([`dastak-20261130T020200Z.${ext}`]);
  expect(mode(schedule.dir)).toBe(0o700);
  return path.join(schedule.dir, `dastak-20261130T020200Z.${ext}`);
}

describe.skipIf(base)('embedded database (PGlite)', () => {
  it('backs up while writes go on, verifies by a restore, rotates', async () => {
    const dataDir = path.join(tmp, 'source');
    const handle = await openTestDataDir(dataDir);
    const lite = pgliteOf(handle.db);
    if (!lite) throw new Error('not PGlite');
    let newest: string;
    try {
      await generateDemoData(handle.db, { orders: 30, staffPassword: 'demo-pass', seed: 5 });
      newest = await rotatesAndVerifies(
        { engine: 'pglite', client: lite, dataDir },
        handle.db,
        'tar.gz',
      );
      // No copy of the data is left in DATA_DIR.
      expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('backup-'))).toEqual([]);
    } finally {
      await handle.close();
    }
    // A count the restore does not have fails the verification, naming the table.
    const wrong = await verifyPgliteBackup(newest, { orders: 31 });
    expect(wrong).toEqual({
      ok: false,
      differences: [{ table: 'orders', expected: 31, found: 30 }],
    });
  }, 240_000);
});

describe.runIf(base)('PostgreSQL', () => {
  const name = `dastak_s_${randomBytes(4).toString('hex')}`;
  const admin = (q: string) => adminQuery(base as string, q);
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('pg_dump in a snapshot while writes go on, verified from its COPY data, rotated', async () => {
    await admin(`create database ${name}`);
    const url = new URL(base as string);
    url.pathname = `/${name}`;
    const handle = await openDb({ databaseUrl: url.toString() });
    try {
      await generateDemoData(handle.db, { orders: 30, staffPassword: 'demo-pass', seed: 5 });
      const newest = await rotatesAndVerifies(
        { engine: 'postgres', databaseUrl: url.toString() },
        handle.db,
        'dump',
      );
      const wrong = await verifyPostgresBackup(newest, { orders: 31 });
      expect(wrong.differences).toEqual([{ table: 'orders', expected: 31, found: 30 }]);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
