import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SMALL_PGLITE_START_PARAMS } from '../db/client';
import { PRIVATE_DIR_MODE } from '../lib/private-files';
import { pgTool, run } from './backup';
import { countSql } from './live-copy';

/**
 * A backup is verified by restoring it into a scratch folder and comparing every table's rows
 * with the counts taken at the backup's instant (ADR 0069). The scratch folder is made in the
 * backup folder (owner-only, like the backups) and removed afterwards.
 */

export interface Verification {
  ok: boolean;
  /** Tables whose rows differ: expected (at the backup) and found (in the restore). */
  differences: { table: string; expected: number; found: number | undefined }[];
}

export function compareCounts(
  expected: Record<string, number>,
  found: Record<string, number>,
): Verification {
  const differences = Object.entries(expected)
    .filter(([table, n]) => found[table] !== n)
    .map(([table, n]) => ({ table, expected: n, found: found[table] }));
  return { ok: differences.length === 0, differences };
}

async function withScratch<T>(backupDir: string, fn: (scratch: string) => Promise<T>): Promise<T> {
  const scratch = fs.mkdtempSync(path.join(backupDir, '.verify-'));
  fs.chmodSync(scratch, PRIVATE_DIR_MODE);
  try {
    return await fn(scratch);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** An embedded-database archive, opened in a worker thread. */
export function verifyPgliteBackup(archive: string, expected: Record<string, number>) {
  return withScratch(path.dirname(archive), async (scratch) => {
    const worker = new Worker(path.join(import.meta.dirname, 'verify-backup-worker.mjs'), {
      workerData: {
        archive,
        scratch,
        sql: countSql(Object.keys(expected)),
        startParams: SMALL_PGLITE_START_PARAMS,
      },
    });
    const rows = await new Promise<{ name: string; n: number }[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the verification stopped (exit ${code})`)));
    });
    await worker.terminate();
    return compareCounts(expected, Object.fromEntries(rows.map((r) => [r.name, r.n])));
  });
}

/**
 * A pg_dump archive: pg_restore writes its data as SQL into the scratch folder, and each
 * table's COPY block is counted (no scratch database: the role may not create one).
 */
export function verifyPostgresBackup(archive: string, expected: Record<string, number>) {
  return withScratch(path.dirname(archive), async (scratch) => {
    const sqlFile = path.join(scratch, 'data.sql');
    await run(pgTool('pg_restore'), ['--data-only', `--file=${sqlFile}`, archive]);
    const found: Record<string, number> = {};
    let table: string | undefined;
    let n = 0;
    const text = fs.createReadStream(sqlFile, { encoding: 'utf8' });
    let rest = '';
    const line = (l: string) => {
      if (table === undefined) {
        const m = /^COPY (?:public\.)?"?([a-z_0-9]+)"? /.exec(l);
        if (m) [table, n] = [m[1], 0];
      } else if (l === '\\.') {
        found[table] = n;
        table = undefined;
      } else n++;
    };
    for await (const chunk of text) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) line(l);
    }
    if (rest) line(rest);
    // A table without rows has an empty COPY block or none: both count 0.
    for (const t of Object.keys(expected)) found[t] ??= 0;
    return compareCounts(expected, found);
  });
}
