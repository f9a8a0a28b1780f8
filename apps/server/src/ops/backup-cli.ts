/**
 * Backup and restore of the database the server uses (DATABASE_URL, else PGlite in DATA_DIR):
 *   npm run backup -- --out FILE     (safe while the server runs)
 *   npm run restore -- FILE          (PGlite: stop the server first)
 *   npm run upgrade-data             (PGlite 0.3's PostgreSQL 17 directory to 18; server stopped)
 * ADR 0032 says how each engine's backup stays consistent.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import { keepFilesPrivate } from '../lib/private-files';
import { backup, restore } from './backup';
import { upgradeDataDir } from './upgrade-data';

// Archives, restored and upgraded data files: the server user's alone (ADR 0049).
keepFilesPrivate();

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  options: { out: { type: 'string' } },
  allowPositionals: true,
});

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const target = { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR };
const where = target.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

try {
  if (command === 'backup') {
    if (!values.out) {
      console.error('usage: npm run backup -- --out FILE');
      process.exit(2);
    }
    const out = path.resolve(values.out);
    const r = await backup(target, out);
    const how = {
      pg_dump: 'pg_dump',
      server: 'from the running server',
      'data-dir': 'server stopped',
    }[r.via];
    console.log(`backup: ${where} -> ${out} (${r.bytes} bytes, ${how}, ${elapsed()})`);
  } else if (command === 'restore') {
    const file = positionals[0];
    if (!file || positionals.length > 1) {
      console.error('usage: npm run restore -- FILE');
      process.exit(2);
    }
    const r = await restore(target, path.resolve(file));
    console.log(`restore: ${path.resolve(file)} -> ${where} (${elapsed()})`);
    if (r.previous) console.log(`the directory it replaced is kept in ${r.previous}`);
  } else if (command === 'upgrade-data') {
    if (target.databaseUrl) {
      console.error('upgrade-data: only the embedded database (DATABASE_URL is set)');
      process.exit(2);
    }
    const r = await upgradeDataDir(target.dataDir, (m) => console.log(`upgrade-data: ${m}`));
    console.log(`upgrade-data: ${where} is now PostgreSQL 18 (${elapsed()})`);
    console.log(`the PostgreSQL 17 directory is kept in ${r.previous}`);
  } else {
    console.error('usage: backup-cli.ts backup --out FILE | restore FILE | upgrade-data');
    process.exit(2);
  }
} catch (err) {
  console.error(`${command}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
