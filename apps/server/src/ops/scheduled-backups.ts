import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import { startPeriodicJob } from '../jobs/periodic-job';
import { PRIVATE_DIR_MODE } from '../lib/private-files';
import { backupPglite, pgDumpCounted } from './backup';
import { type Verification, verifyPgliteBackup, verifyPostgresBackup } from './verify-backup';

/**
 * Scheduled backups (ADR 0069): every BACKUP_EVERY a backup into BACKUP_DIR, verified by
 * restoring it into a scratch folder and comparing every table's rows with the backup's
 * instant, then the oldest beyond BACKUP_KEEP removed. A backup that fails its verification is
 * kept as `*.unverified` for a look and never counts as one of the kept; the run fails, which
 * health and the job metrics (dastak_job_failures_total) show.
 */

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

export type BackupSource =
  | { engine: 'pglite'; client: PGlite; dataDir: string }
  | { engine: 'postgres'; databaseUrl: string };

const NAME = /^dastak-\d{8}T\d{6}Z\.(tar\.gz|dump)$/;

/** dastak-20261130T021500Z.tar.gz: sorts by time, says which engine's restore takes it. */
export function backupName(at: Date, engine: BackupSource['engine']) {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `dastak-${stamp}.${engine === 'pglite' ? 'tar.gz' : 'dump'}`;
}

export interface ScheduledBackup {
  file: string;
  bytes: number;
  /** Embedded: how long statements were held back for the copy. */
  heldMs?: number;
  verification: Verification;
  removed: string[];
}

/** Takes, verifies and rotates one backup. */
export async function runScheduledBackup(
  source: BackupSource,
  schedule: BackupSchedule,
  now = new Date(),
): Promise<ScheduledBackup> {
  fs.mkdirSync(schedule.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(schedule.dir, backupName(now, source.engine));
  const partial = `${file}.partial`;
  let verification: Verification;
  let heldMs: number | undefined;
  try {
    if (source.engine === 'pglite') {
      const taken = await backupPglite(source.client, source.dataDir, partial);
      heldMs = taken.heldMs;
      verification = await verifyPgliteBackup(partial, taken.counts);
    } else {
      const counts = await pgDumpCounted(source.databaseUrl, partial);
      verification = await verifyPostgresBackup(partial, counts);
    }
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  if (!verification.ok) {
    fs.renameSync(partial, `${file}.unverified`);
    const first = verification.differences[0];
    throw new Error(
      `backup ${path.basename(file)} failed its verification: ${first?.table} has ` +
        `${first?.found ?? 'no'} rows in the restore, ${first?.expected} in the database`,
    );
  }
  fs.renameSync(partial, file);
  const kept = fs
    .readdirSync(schedule.dir)
    .filter((f) => NAME.test(f))
    .sort()
    .reverse();
  const removed = kept.slice(schedule.keep);
  for (const old of removed) fs.rmSync(path.join(schedule.dir, old), { force: true });
  return { file, bytes: fs.statSync(file).size, heldMs, verification, removed };
}

/** The job; on PostgreSQL one server of several takes each period's backup (a lease). */
export function startScheduledBackups(
  db: DbOrTx,
  source: BackupSource,
  schedule: BackupSchedule,
  log: FastifyBaseLogger,
) {
  return startPeriodicJob({
    name: 'backups',
    periodMs: schedule.everyMs,
    log,
    lease: source.engine === 'postgres' ? { db } : undefined,
    run: async () => {
      const started = Date.now();
      const done = await runScheduledBackup(source, schedule);
      log.info(
        {
          file: done.file,
          bytes: done.bytes,
          heldMs: done.heldMs,
          ms: Date.now() - started,
          removed: done.removed,
        },
        'backup taken and verified',
      );
    },
  });
}
