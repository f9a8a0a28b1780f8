import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PRIVATE_DIR_MODE } from '../lib/private-files';

/**
 * A consistent copy of the data directory of a PGlite that keeps serving (ADR 0069).
 *
 * PGlite answers one statement at a time, so a copy taken with statements held back is a
 * consistent image; taken whole, that hold lasted as long as reading 200+ MB (8-9 s for the demo
 * database: health and pings waited all of it). So the copy is taken twice, as rsync would:
 *  1. every file, with the database serving (a 'fuzzy' copy: files may change under it);
 *  2. with statements held back (a PGlite transaction: the client's transaction lock), again
 *     only the files changed since step 1 began (their ctime, which no one can set back, is
 *     later), and the files removed since are removed from the copy.
 * The copy is then the directory as a crash at that instant would leave it, which PostgreSQL is
 * built to open: every commit's WAL is written at commit (synchronous_commit is on in PGlite),
 * no data page reaches its file before its WAL, and opening the copy replays the WAL from the
 * last checkpoint. No CHECKPOINT is taken: one is a statement that writes every dirty page (up to
 * shared_buffers, 128 MB) with the others held back, which measured 0.5-2 s. Step 2 holds
 * statements for the files the service wrote meanwhile (the WAL segments, mostly): a few hundred
 * milliseconds.
 */

/** ctime comes from the kernel's coarse clock, a tick behind Date.now(): a generous margin. */
const CLOCK_SLACK_MS = 2000;

export interface LiveCopy {
  /** How long statements were held back. */
  heldMs: number;
  files: number;
  /** Files copied again while statements were held back. */
  recopied: number;
  /** Rows of every table at the copy's instant, for verifying a restore of it. */
  counts: Record<string, number>;
}

async function listFiles(root: string, rel = '', into = new Map<string, fs.Stats>()) {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return into; // removed meanwhile
    throw err;
  }
  for (const entry of entries) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) {
      into.set(`${child}/`, await fs.promises.lstat(path.join(root, child)));
      await listFiles(root, child, into);
    } else if (entry.isFile()) {
      try {
        into.set(child, await fs.promises.lstat(path.join(root, child)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  return into;
}

/** Copies one file or makes one folder; false when the source was removed meanwhile. */
async function copyEntry(from: string, to: string, rel: string): Promise<boolean> {
  if (rel.endsWith('/')) {
    await fs.promises.mkdir(path.join(to, rel), { recursive: true, mode: PRIVATE_DIR_MODE });
    return true;
  }
  try {
    await fs.promises.copyFile(path.join(from, rel), path.join(to, rel));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** One statement counting the rows of each table: rows of {name, n}. */
export const countSql = (tables: readonly string[]) =>
  tables.map((t) => `select '${t}' as name, count(*)::int as n from "${t}"`).join(' union all ');

/** PGlite's transaction and node-postgres's client alike. */
type Queryable = {
  query<R>(sql: string): Promise<{ rows: R[] }>;
};

/** Every table's row count (inside the hold, so they match the copy). */
export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (tables.rows.length === 0) return {};
  const rows = await db.query<{ name: string; n: number }>(
    countSql(tables.rows.map((t) => t.name)),
  );
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.n]));
}

/**
 * Copies the data directory `from` of the running `client` into `to` (a new folder). `counted`
 * false skips the row counts (they read every table while statements are held back).
 */
export async function copyLive(
  client: PGlite,
  from: string,
  to: string,
  counted = true,
): Promise<LiveCopy> {
  await fs.promises.mkdir(to, { recursive: true, mode: PRIVATE_DIR_MODE });
  const since = Date.now() - CLOCK_SLACK_MS;
  const first = await listFiles(from);
  for (const rel of first.keys()) await copyEntry(from, to, rel);

  return client.transaction(async (tx) => {
    const held = performance.now();
    const now = await listFiles(from);
    let recopied = 0;
    for (const [rel, stats] of now) {
      const before = first.get(rel);
      if (rel.endsWith('/')) {
        if (!before) await copyEntry(from, to, rel);
        continue;
      }
      // Unchanged since before step 1 began: step 1's copy of it is this instant's.
      if (before && stats.ctimeMs < since && stats.size === before.size) continue;
      if (await copyEntry(from, to, rel)) recopied++;
    }
    // Files the database removed since step 1 (an old WAL segment, a dropped table's file).
    for (const rel of first.keys()) {
      if (!now.has(rel)) await fs.promises.rm(path.join(to, rel), { recursive: true, force: true });
    }
    const counts = counted ? await countRows(tx) : {};
    return {
      heldMs: Math.round(performance.now() - held),
      files: [...now.keys()].filter((k) => !k.endsWith('/')).length,
      recopied,
      counts,
    };
  });
}
