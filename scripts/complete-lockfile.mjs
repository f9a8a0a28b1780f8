#!/usr/bin/env node
// The registry this project's machines reach serves only some platforms' builds of packages
// with per-platform binaries (biome, rollup, ...), so `npm install` here leaves the other
// platforms' optional packages out of package-lock.json, and `npm ci` then refuses the lock as
// out of sync. This adds the missing entries with their platform fields (os, cpu, libc) so that
// `npm ci` accepts the lock and skips them on this platform, as it would with a full lock.
// Run after any `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
import fs from 'node:fs';
import path from 'node:path';

const lockPath = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'openharmony',
  'netbsd',
  'sunos',
  'aix',
];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** Platform fields from a package name like @rollup/rollup-linux-arm-musleabihf. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return null;
  const fields = { os: [os], cpu: [cpu] };
  if (os === 'linux') fields.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return fields;
}

let added = 0;
for (const [loc, entry] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = loc ? `${loc}/node_modules/` : 'node_modules/';
    if (pkgs[`${base}${dep}`] || pkgs[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue; // only exact-pinned platform builds
    pkgs[`node_modules/${dep}`] = {
      version: range,
      ...platform,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
  }
}
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
