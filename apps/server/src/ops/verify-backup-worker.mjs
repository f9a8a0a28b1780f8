// Opens an embedded-database backup in a scratch folder and runs one query on it: the
// verification of a scheduled backup (ADR 0069). A worker thread, because unpacking and
// opening a data directory is seconds of synchronous work the server's event loop must not do.
// Plain JavaScript: the server bundle and tsx alike start it as is.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// startParams: a small engine's (SMALL_PGLITE_START_PARAMS): one count query needs no server's
// 128 MB of shared buffers, allocated and zeroed beside the running server's own.
const { archive, scratch, sql, startParams } = workerData;
const client = await PGlite.create({
  dataDir: scratch,
  loadDataDir: new Blob([fs.readFileSync(archive)], { type: 'application/x-gzip' }),
  extensions: { pg_trgm },
  startParams,
});
try {
  const result = await client.query(sql);
  parentPort.postMessage(result.rows);
} finally {
  await client.close();
}
