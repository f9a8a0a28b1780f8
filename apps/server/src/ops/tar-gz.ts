import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';

/**
 * A folder as a gzipped tar, streamed: the layout PGlite's dumpDataDir writes and loadDataDir
 * reads (entry names '/base/1/1259', folders included so empty ones come back), every entry
 * owner-only (ADR 0049). zlib compresses on libuv's thread pool and files are read in chunks,
 * so the event loop keeps serving while a backup of hundreds of megabytes is packed (ADR 0069).
 */
const BLOCK = 512;
const CHUNK = 1 << 20;

function header(name: string, size: number, mtime: number, dir: boolean): Buffer {
  // ustar's name field holds 99 bytes; a data directory's paths are far shorter.
  if (Buffer.byteLength(name) > 99) throw new Error(`path too long for the archive: ${name}`);
  const h = Buffer.alloc(BLOCK);
  const octal = (value: number, at: number, width: number) =>
    h.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, width, 'latin1');
  h.write(name, 0, 100, 'utf8');
  octal(dir ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime / 1000), 136, 12);
  h.write(dir ? '5' : '0', 156, 1, 'latin1');
  h.write('ustar\0' + '00', 257, 8, 'latin1');
  // The checksum: the header's bytes summed with its own field read as eight spaces.
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return h;
}

/** Every folder and file under root, parents first: [path relative to root, stats]. */
async function* walk(root: string, rel = ''): AsyncGenerator<[string, fs.Stats]> {
  const entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = `${rel}/${entry.name}`;
    const stats = await fs.promises.lstat(path.join(root, child));
    if (stats.isDirectory()) {
      yield [child, stats];
      yield* walk(root, child);
    } else if (stats.isFile()) {
      yield [child, stats];
    }
  }
}

/** Packs root into `out` (created 0600); returns the archive's size in bytes. */
export async function writeTarGz(root: string, out: string): Promise<number> {
  const gzip = createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(out, { mode: PRIVATE_FILE_MODE }));
  // A failed write rejects `written`; writes into a destroyed gzip would then wait forever.
  let failure: unknown;
  written.catch((err) => {
    failure = err;
  });
  const push = async (chunk: Buffer) => {
    if (failure) throw failure;
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
  };
  for await (const [name, stats] of walk(root)) {
    if (stats.isDirectory()) {
      await push(header(name, 0, stats.mtimeMs, true));
      continue;
    }
    const file = await fs.promises.open(path.join(root, name), 'r');
    try {
      await push(header(name, stats.size, stats.mtimeMs, false));
      let left = stats.size;
      while (left > 0) {
        const { bytesRead, buffer } = await file.read(Buffer.alloc(Math.min(CHUNK, left)), 0);
        if (bytesRead === 0) throw new Error(`${name} shrank while it was archived`);
        await push(buffer.subarray(0, bytesRead));
        left -= bytesRead;
      }
      const pad = (BLOCK - (stats.size % BLOCK)) % BLOCK;
      if (pad) await push(Buffer.alloc(pad));
    } finally {
      await file.close();
    }
  }
  gzip.end(Buffer.alloc(2 * BLOCK)); // two zero blocks end a tar
  await written;
  fs.chmodSync(out, PRIVATE_FILE_MODE);
  return fs.statSync(out).size;
}
