import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, serverArgs } from './spawn-server';

/**
 * The real server process, started as an operator would, on what cannot work: it says what and
 * where in one line and exits 1, before it touched the database (ADR 0064).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-start-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  child.stdout.resume();
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stderr })),
  );
}

describe('a server that cannot start says why', () => {
  it('finds a busy port first, before any database is made', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as { port: number }).port;
    const dataDir = path.join(tmp, 'busy-port');
    try {
      const { code, stderr } = await start({ PORT: String(port), DATA_DIR: dataDir });
      expect([code, stderr]).toEqual([
        1,
        `Port ${port} is already in use on 127.0.0.1 (127.0.0.1:${port}): stop what holds it, or set PORT.\n`,
      ]);
      // Nothing was created: no embedded database, no demo data, no admin password file.
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      holder.close();
    }
  });

  it('names an unreachable database in one line, without a stack or the password', async () => {
    const { code, stderr } = await start({
      PORT: '0',
      DATABASE_URL: 'postgres://dastak:s3cret@127.0.0.1:1/dastak',
      PUBLIC_URL: 'https://dastak.example.pk',
    });
    expect([code, stderr]).toEqual([
      1,
      'Cannot start on the database: nothing is listening at that host and port ' +
        '(is PostgreSQL running?) (DATABASE_URL=postgres://dastak:***@127.0.0.1:1/dastak)\n',
    ]);
  });
});
