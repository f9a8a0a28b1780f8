import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { checkDataDirVersion, openDb } from '../db/client';
import { PRIVATE_FILE_MODE, tightenTree } from '../lib/private-files';
import { adminSocketOf, pgliteDirOf, refuseWhileServing, serverRunning } from './data-dir';
import { copyLive, countRows } from './live-copy';
import { writeTarGz } from './tar-gz';

/**
 * Backups of the embedded database and of PostgreSQL (ADR 0032).
 *
 * PostgreSQL: pg_dump's custom format (a consistent snapshot by MVCC whatever else runs) and
 * pg_restore. PGlite: its data directory as a gzipped tar in dumpDataDir's layout, which
 * loadDataDir opens, copied with statements held back only for its last changes (ADR 0069).
 * A running server owns its PGlite directory, so a backup taken then asks the server for the
 * snapshot through a Unix socket in DATA_DIR (`admin.sock`, mode 0600: whoever may use it may
 * read the data files anyway).
 */

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface PgliteBackup {
  bytes: number;
  /** How long the server's statements were held back (ADR 0069). */
  heldMs: number;
  /** Rows of every table in the backup, for its verification. */
  counts: Record<string, number>;
}

/**
 * Writes a gzipped tar of a live PGlite's data directory to `out` (0600): a copy taken with
 * statements held back only for the files that changed while it ran (live-copy.ts), packed
 * afterwards with the server serving. The copy lives beside the data, in DATA_DIR, for the
 * time of the backup.
 */
export async function backupPglite(
  client: PGlite,
  dataDir: string,
  out: string,
  counted = true,
): Promise<PgliteBackup> {
  const staging = path.join(dataDir, `backup-staging-${process.pid}-${randomUUID().slice(0, 8)}`);
  try {
    const copy = await copyLive(client, pgliteDirOf(dataDir), staging, counted);
    const bytes = await writeTarGz(staging, out);
    return { bytes, heldMs: copy.heldMs, counts: copy.counts };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * The running server's side: answers `backup\n` with `ok <bytes>\n` and the snapshot, or
 * `error <message>\n`. Refuses to start when another server answers on the directory.
 */
export async function serveAdminSocket(dataDir: string, client: PGlite, log: Logger) {
  const socketPath = adminSocketOf(dataDir);
  if (await serverRunning(dataDir)) {
    throw new Error(`another Dastak server is using ${path.resolve(dataDir)}`);
  }
  fs.rmSync(socketPath, { force: true });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let line = '';
    socket.on('data', (chunk) => {
      line += chunk.toString('utf8');
      if (!line.includes('\n')) return;
      const command = line.slice(0, line.indexOf('\n')).trim();
      socket.removeAllListeners('data');
      if (command !== 'backup') {
        socket.end();
        return;
      }
      const started = Date.now();
      const file = path.join(dataDir, `backup-${process.pid}-${randomUUID().slice(0, 8)}.tar.gz`);
      const removeFile = () => fs.rmSync(file, { force: true });
      backupPglite(client, dataDir, file, false).then(
        (taken) => {
          log.info(
            { bytes: taken.bytes, ms: Date.now() - started, heldMs: taken.heldMs },
            'backup snapshot taken',
          );
          socket.write(`ok ${taken.bytes}\n`);
          const stream = fs.createReadStream(file);
          stream.once('close', removeFile);
          stream.pipe(socket);
        },
        (err: Error) => {
          removeFile();
          log.warn({ err }, 'backup snapshot failed');
          socket.end(`error ${err.message.replace(/\n/g, ' ')}\n`);
        },
      );
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
  } catch (err) {
    // E.g. a path longer than a socket name may be: backups then need the server stopped.
    log.warn({ err, socketPath }, 'admin socket unavailable; stop the server to take a backup');
    return { close: async () => {} };
  }
  return {
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** Asks the running server for a snapshot; undefined when none answers. */
async function snapshotFromServer(dataDir: string): Promise<Buffer | undefined> {
  if (!(await serverRunning(dataDir))) return undefined;
  return new Promise((resolve, reject) => {
    const s = net.connect(adminSocketOf(dataDir));
    const chunks: Buffer[] = [];
    s.on('data', (c) => chunks.push(c));
    s.once('error', reject);
    s.once('connect', () => s.write('backup\n'));
    s.once('end', () => {
      const all = Buffer.concat(chunks);
      const nl = all.indexOf(10);
      const head = nl < 0 ? all.toString('utf8') : all.subarray(0, nl).toString('utf8');
      const m = /^ok (\d+)$/.exec(head);
      if (!m) return reject(new Error(`the server refused the backup: ${head || 'no answer'}`));
      const body = all.subarray(nl + 1);
      if (body.length !== Number(m[1])) {
        return reject(new Error(`the backup ended early (${body.length} of ${m[1]} bytes)`));
      }
      resolve(body);
    });
  });
}

/** pg_dump / pg_restore: on PATH, else the newest of Debian's /usr/lib/postgresql/<v>/bin. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`${name} not found: install PostgreSQL's client tools`);
  return path.join(base, versions[0], 'bin', name);
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. */
export function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(cmd)} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * pg_dump of a PostgreSQL database into `out`, returning every table's rows at the dump's
 * instant: a repeatable-read transaction exports its snapshot, counts in it, and pg_dump reads
 * the same snapshot (--snapshot), so the counts are those of the archive.
 */
export async function pgDumpCounted(databaseUrl: string, out: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const counts = await countRows({
      query: async <R>(sql: string) => ({ rows: (await client.query(sql)).rows as R[] }),
    });
    await run(pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot.rows[0]?.id}`,
      `--file=${out}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    fs.chmodSync(out, PRIVATE_FILE_MODE);
    return counts;
  } finally {
    await client.end();
  }
}

export interface Target {
  /** postgres:// URL; unset means PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

export interface BackupResult {
  engine: 'pglite' | 'postgres';
  bytes: number;
  /** How the snapshot was taken. */
  via: 'pg_dump' | 'server' | 'data-dir';
}

/** Writes a backup to `out` (through a temp file, renamed when complete). */
export async function backup(target: Target, out: string): Promise<BackupResult> {
  const tmp = `${out}.partial`;
  fs.rmSync(tmp, { force: true });
  try {
    let result: BackupResult;
    if (target.databaseUrl) {
      await run(pgTool('pg_dump'), [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${tmp}`,
        `--dbname=${target.databaseUrl}`,
      ]);
      fs.chmodSync(tmp, PRIVATE_FILE_MODE);
      result = { engine: 'postgres', bytes: fs.statSync(tmp).size, via: 'pg_dump' };
    } else {
      const bytes = await snapshotFromServer(target.dataDir);
      let via: BackupResult['via'] = 'server';
      if (!bytes) {
        const dir = pgliteDirOf(target.dataDir);
        if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
          throw new Error(`no database in ${dir}`);
        }
        checkDataDirVersion(dir);
        const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
        try {
          await backupPglite(client, target.dataDir, tmp, false);
        } finally {
          await client.close();
        }
        via = 'data-dir';
      } else {
        fs.writeFileSync(tmp, bytes, { mode: PRIVATE_FILE_MODE });
      }
      fs.chmodSync(tmp, PRIVATE_FILE_MODE);
      result = { engine: 'pglite', bytes: fs.statSync(tmp).size, via };
    }
    fs.renameSync(tmp, out);
    return result;
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

const GZIP = Buffer.from([0x1f, 0x8b]);

/** The PostgreSQL major version a data-directory backup (gzipped tar) holds, from its PG_VERSION. */
export function pgVersionOfTar(gz: Buffer): string | undefined {
  const tar = gunzipSync(gz);
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar.toString('utf8', at, at + 100).replace(/\0.*$/s, '');
    if (!name) return undefined;
    const size = Number.parseInt(tar.toString('utf8', at + 124, at + 136).replace(/\0.*$/s, ''), 8);
    // The directory's own PG_VERSION, not those of base/<oid>/.
    if (/^\/?(?:[^/]+\/)?PG_VERSION$/.test(name)) {
      return tar.toString('utf8', at + 512, at + 512 + size).trim();
    }
    at += 512 + Math.ceil((size || 0) / 512) * 512;
  }
  return undefined;
}
const PGDMP = Buffer.from('PGDMP');

export interface RestoreResult {
  engine: 'pglite' | 'postgres';
  /** PGlite: where the directory that was replaced now is. */
  previous?: string;
}

/**
 * Restores `file` into the target. PostgreSQL: pg_restore --clean in one transaction (objects of
 * the backup are dropped and recreated; others are left). PGlite: the server must be stopped; the
 * current directory is kept beside the new one as pglite.before-restore-<time>. Either way the
 * database is then opened and migrated, so a backup of an older release comes up to date.
 */
export async function restore(target: Target, file: string): Promise<RestoreResult> {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (target.databaseUrl) {
    if (!head.equals(PGDMP)) {
      throw new Error(`${file} is not a PostgreSQL backup (pg_dump custom format)`);
    }
    await run(pgTool('pg_restore'), [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    const handle = await openDb({ databaseUrl: target.databaseUrl });
    await handle.close();
    return { engine: 'postgres' };
  }
  if (!head.subarray(0, 2).equals(GZIP)) {
    throw new Error(`${file} is not an embedded-database backup (gzipped tar)`);
  }
  await refuseWhileServing(target.dataDir, 'npm run restore');
  const dir = pgliteDirOf(target.dataDir);
  let previous: string | undefined;
  if (fs.existsSync(dir)) {
    previous = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, previous);
  }
  try {
    fs.mkdirSync(dir, { recursive: true });
    const bytes = fs.readFileSync(file);
    if (pgVersionOfTar(bytes) === '17') {
      // A backup made before PGlite 0.5: unpacked by PGlite 0.3, then carried over (ADR 0036).
      const { restorePg17 } = await import('./upgrade-data');
      await restorePg17(target.dataDir, bytes);
    } else {
      const client = await PGlite.create({
        dataDir: dir,
        loadDataDir: new Blob([bytes]),
        extensions: { pg_trgm },
      });
      await client.close();
    }
    const handle = await openDb({ dataDir: target.dataDir });
    await handle.close();
    // The restored files (and a kept previous directory of an older release) are owner-only.
    tightenTree(target.dataDir);
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (previous) fs.renameSync(previous, dir);
    throw err;
  }
  return { engine: 'pglite', previous };
}
