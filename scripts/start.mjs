#!/usr/bin/env node
// `npm start`: builds the console and the server on first run (or when their sources are newer
// than the build), then runs the server in this process, which migrates the database and loads
// demo data on a new one. In production, build once (`npm run build`) and run only the bundle:
// `node --enable-source-maps apps/server/dist/main.mjs` (docs/operations.md), no npm, no build
// tools resident.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/console/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/console/src'), path.join(root, 'packages/core/src')];
const stale =
  !fs.existsSync(dist) || sources.some((s) => newestMtime(s) > fs.statSync(dist).mtimeMs);
if (stale) {
  console.log('Building the console (first run or sources changed)...');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server runs as a bundle (ADR 0046), rebuilt here when a source is newer, in this very
// process (a child would leave this one resident beside it, 40 MB for nothing); the bundle
// handles the signals itself.
const bundle = await ensureServerBuild();
process.setSourceMapsEnabled(true);
process.chdir(root);
await import(pathToFileURL(bundle).href);
