import fs from 'node:fs';
import path from 'node:path';

/**
 * Files at rest are the server user's alone (ADR 0049): DATA_DIR holds patients' names, phones and
 * addresses (the tables, pg_statistic, the outbox's texts and emails), so no other local user may
 * read or write any of it. One mechanism for the server, backup, restore and the CLIs:
 *  - `keepFilesPrivate()` sets the process umask to 077, so whatever the process creates from then
 *    on (PGlite's new relation and WAL files, outbox files, archives, pg_dump's output) is 0600 in
 *    0700 folders;
 *  - `tightenTree()` takes group and other bits off what already exists: PGlite writes a new or
 *    restored data directory's files 0666 whatever the umask, and releases before this one left
 *    DATA_DIR 0755 with 0644/0666 files;
 *  - backups store their entries as 0600 files in 0700 folders (ops/tar-gz.ts).
 */

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** The bits a private file or folder must not have: anything for group or others. */
const SHARED_BITS = 0o077;

/** From here on, this process creates files 0600 and folders 0700. */
export function keepFilesPrivate() {
  process.umask(PRIVATE_UMASK);
}

export interface Tightened {
  /** Folders and files whose group/other bits were taken off. */
  dirs: number;
  files: number;
  /** Entries that could not be changed (owned by another user): path and error code. */
  failed: { path: string; code: string }[];
}

/**
 * chmod -R of `root` (itself included) to owner-only: each folder or file with any group or other
 * bit keeps its owner's bits alone (0755 -> 0700, 0666 -> 0600; an owner's execute bit stays).
 * Symbolic links are neither changed nor followed. A missing root changes nothing.
 */
export function tightenTree(root: string): Tightened {
  const done: Tightened = { dirs: 0, files: 0, failed: [] };
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch (err) {
      // Gone meanwhile (a temp file PGlite or the outbox removed): nothing to protect.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if (st.isSymbolicLink()) return;
    if (st.mode & SHARED_BITS) {
      try {
        fs.chmodSync(p, st.mode & 0o700);
        if (st.isDirectory()) done.dirs++;
        else done.files++;
      } catch (err) {
        done.failed.push({ path: p, code: (err as NodeJS.ErrnoException).code ?? 'error' });
      }
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    }
  };
  visit(root);
  return done;
}

/** One line for the log: what `tightenTree` changed, or undefined when nothing. */
export function describeTightened(root: string, t: Tightened): string | undefined {
  if (t.dirs === 0 && t.files === 0 && t.failed.length === 0) return undefined;
  const parts = [
    `${root} was readable by other users: made private`,
    `${t.dirs} folder(s) to owner-only (0700) and ${t.files} file(s) to owner-only (0600)`,
  ];
  if (t.failed.length > 0) {
    const first = t.failed[0];
    parts.push(
      `${t.failed.length} could not be changed (first: ${first?.path}, ${first?.code}); chown them to this user`,
    );
  }
  return parts.join('; ');
}

/** Writes a file only its owner may read (0600), also when it existed with a looser mode. */
export function writePrivateFile(file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.writeFileSync(file, content, { mode: PRIVATE_FILE_MODE });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}
