import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_FILE } from '../bootstrap';
import { openDb } from '../db/client';
import { orders } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { exitWithin, ROOT, type SpawnedServer, spawnServer, untilUnlocked } from './spawn-server';

/**
 * Files at rest (ADR 0049), as a second local user and an operator would see it: the real
 * server (its bundle, a process of its own) on a new DATA_DIR, the outbox, `npm run backup` /
 * `npm run restore`; then `runuser -u nobody` tries to read what they wrote. The temp folder
 * around it all is opened to everyone (0755), so only the modes under test stand in nobody's way.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-files-'));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, 'data');
const restoredDir = path.join(tmp, 'restored');
const archive = path.join(tmp, 'backup.tar.gz');
const email = 'files@dastak.local';
const servers: SpawnedServer[] = [];

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await exitWithin(s, 10_000).catch(() => {});
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_EMAIL: email,
  ADMIN_PASSWORD: '',
  SMTP_URL: '',
  SMS_URL: '',
  // Small, so that a start which wrongly loads demo data fails the test quickly.
  DEMO_ORDERS: '30',
};

/**
 * Starts the server on DATA_DIR, runs `use` against it, then stops it (SIGTERM) whatever `use`
 * did, so that a failed step leaves no server holding the directory for the next test. Resolves
 * with everything the server wrote; rejects unless it exited 0.
 */
async function withServer(
  extra: Record<string, string>,
  use: (s: SpawnedServer) => Promise<void> = async () => {},
): Promise<string> {
  const s = await spawnServer({ ...env, ...extra });
  servers.push(s);
  let code: number | string;
  try {
    await use(s);
  } finally {
    s.child.kill('SIGTERM');
    code = await exitWithin(s, 15_000);
    await untilUnlocked(dataDir);
  }
  expect(code).toBe(0);
  return s.output();
}

const cli = (dir: string, ...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/ops/backup-cli.ts'), ...args],
    { cwd: ROOT, env: { ...process.env, ...env, DATA_DIR: dir, LOG_LEVEL: 'silent' } },
  );

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** Every folder and file under root (root included) with its mode, symbolic links left out. */
function modes(root: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    out.push({ path: p, dir: st.isDirectory(), mode: st.mode & 0o777 });
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) visit(path.join(p, n));
  };
  visit(root);
  return out;
}

/** Entries a group or another user could use: none is the promise. */
const shared = (root: string) =>
  modes(root)
    .filter((e) => e.mode & 0o077)
    .map((e) => `${path.relative(tmp, e.path)} ${e.mode.toString(8)}`);

/** The modes a gzipped tar stores for its folders ('5') and files ('0'). */
function tarModes(gz: Buffer): Record<string, Set<string>> {
  const tar = gunzipSync(gz);
  const seen: Record<string, Set<string>> = {};
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const size = Number.parseInt(tar.toString('latin1', at + 124, at + 136).trim() || '0', 8);
    const type = String.fromCharCode(tar[at + 156] ?? 48);
    const mode = tar.toString('latin1', at + 100, at + 107);
    const modesOfType = seen[type] ?? new Set<string>();
    modesOfType.add(mode);
    seen[type] = modesOfType;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return seen;
}

const canSwitchUser = process.getuid?.() === 0 && spawnSync('runuser', ['--version']).status === 0;

/** What `runuser -u nobody -- <cmd>` answers: exit status (null if killed) and what it said. */
function asNobody(...cmd: string[]) {
  const r = spawnSync('runuser', ['-u', 'nobody', '--', ...cmd], { encoding: 'utf8' });
  return { status: r.status, said: `${r.stdout}${r.stderr}`.trim() };
}

function outboxFiles() {
  const dir = path.join(dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => !n.startsWith('.tmp-')) : [];
}

describe('files at rest and first-start data (ADR 0049)', () => {
  it('a first start with DEMO_DATA=off, stdout not a terminal: the log says where the admin password is, not what it is; files owner-only', async () => {
    const output = await withServer({ DEMO_DATA: 'off' }, async (s) => {
      // An email through the file outbox (a password-reset link).
      const res = await fetch(`${s.url}/api/v1/auth/password-reset-request/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
      for (let i = 0; i < 100 && outboxFiles().length === 0; i++) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(outboxFiles()).toHaveLength(1);
      // A backup from the running server.
      const { stdout } = await cli(dataDir, 'backup', '--out', archive);
      expect(stdout).toContain('from the running server');
    });
    const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
    const password = fs.readFileSync(file, 'utf8').split('\n')[1] ?? '';
    expect(password.length).toBeGreaterThan(10);
    expect(output).not.toContain(password);
    expect(output).toContain(`its generated password is in ${file}`);
    expect(modeOf(file)).toBe(0o600);
    expect(shared(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(archive)).toBe(0o600);
    const stored = tarModes(fs.readFileSync(archive));
    expect([...(stored['0'] ?? [])]).toEqual(['0000600']);
    expect([...(stored['5'] ?? [])]).toEqual(['0000700']);
  }, 180_000);

  it('a later start tightens a DATA_DIR left readable, says so, and loads no demo data without DEMO_DATA', async () => {
    // As an earlier release left it.
    const base = path.join(dataDir, 'pglite', 'base');
    const tableFile = path.join(base, fs.readdirSync(base)[0] ?? '', 'PG_VERSION');
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'pglite'), 0o755);
    fs.chmodSync(tableFile, 0o666);
    fs.chmodSync(path.join(dataDir, 'outbox', outboxFiles()[0] ?? ''), 0o644);
    const output = await withServer({ DEMO_DATA: '' });
    const line = output.split('\n').find((l) => l.includes('readable by other users'));
    expect(line).toContain('2 folder(s) to owner-only (0700) and 2 file(s) to owner-only (0600)');
    expect(output).toContain('this database was first started without it');
    expect(output).not.toContain('generating demo data');
    expect(shared(dataDir)).toEqual([]);
  }, 180_000);

  it('`npm run restore` writes the data owner-only', async () => {
    const { stdout } = await cli(restoredDir, 'restore', archive);
    expect(stdout).toContain('restore:');
    expect(shared(restoredDir)).toEqual([]);
    expect(modeOf(restoredDir)).toBe(0o700);
  }, 180_000);

  it('another local user (nobody) reads none of it', () => {
    if (!canSwitchUser) {
      console.warn('files-at-rest: not root or no runuser; the second-user check is skipped');
      return;
    }
    // The control: nobody does read a file the test left open to all.
    const open = path.join(tmp, 'open.txt');
    fs.writeFileSync(open, 'anyone\n', { mode: 0o644 });
    fs.chmodSync(open, 0o644);
    expect(asNobody('head', '-c', '64', open)).toEqual({ status: 0, said: 'anyone' });
    const pick = (root: string) =>
      modes(root)
        .filter((e) => !e.dir && /\/base\/\d+\/\d+$/.test(e.path))
        .map((e) => e.path)[0] ?? '';
    const targets = [
      archive,
      path.join(dataDir, ADMIN_PASSWORD_FILE),
      path.join(dataDir, 'outbox', outboxFiles()[0] ?? ''),
      pick(dataDir),
      pick(restoredDir),
    ];
    for (const file of targets) {
      expect(fs.existsSync(file), file).toBe(true);
      // The first bytes at most: a file nobody can read must not flood the report.
      const r = asNobody('head', '-c', '64', file);
      expect(r.status, `nobody read ${file}`).toBeGreaterThan(0);
      expect(r.said).toContain('Permission denied');
    }
    for (const dir of [dataDir, restoredDir, path.join(dataDir, 'outbox')]) {
      expect(asNobody('ls', dir).status, `nobody listed ${dir}`).toBeGreaterThan(0);
    }
    // The modes alone refuse it too, not only the closed DATA_DIR around them.
    for (const file of targets) expect(modeOf(file) & 0o077, file).toBe(0);
  });

  it('the database first started with DEMO_DATA=off has no demo orders or staff after the plain restart', async () => {
    const handle = await openDb({ dataDir });
    try {
      const [o] = await handle.db.select({ n: count() }).from(orders);
      const staff = await handle.db.select({ email: users.email }).from(users);
      expect(o?.n).toBe(0);
      expect(staff.map((u) => u.email)).toEqual([email]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
