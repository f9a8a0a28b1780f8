import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The real server as `npm start` runs it (the bundle of apps/server/src/main.ts that
 * scripts/build-server.mjs makes, ADR 0046) in a process of its own, on loopback and a free port:
 * for the shutdown and upgrade tests, the crash script and the benchmarks.
 */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/**
 * Node's arguments that run the server of the checkout at `root` as `npm start` does: its bundle,
 * built first when a source is newer. A checkout from before the bundle (a benchmark's baseline)
 * runs its sources under tsx, as its own `npm start` did.
 */
export function serverArgs(root = ROOT): string[] {
  const script = path.join(root, 'scripts/build-server.mjs');
  const built = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
  if (built.error || (built.status !== 0 && !/Cannot find module/.test(built.stderr))) {
    throw new Error(`building the server failed:\n${built.stderr}`);
  }
  if (built.status !== 0) return ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];
  return ['--enable-source-maps', built.stdout.trim()];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote (log lines included). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
}

export async function spawnServer(env: Record<string, string>, seconds = 120, fixedPort?: number) {
  const port = fixedPort ?? (await freePort());
  let out = '';
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
  });
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited while starting:\n${out}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${seconds} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, child, output: () => out, exited } satisfies SpawnedServer;
}

export async function loginToken(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
