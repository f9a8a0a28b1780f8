import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { ERRORS } from '@dastak/core/messages';
import { serverRunning } from './data-dir';

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
  /**
   * Resolves with the exit code (or the signal's name) once the process has exited and all it
   * wrote has been read (`output()` is then complete).
   */
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
  // 'close', not 'exit': 'exit' may come before the last of the output has been read.
  const exited = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? signal ?? -1)),
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one new connection to the port gets: refused, reset, an answer's status, or an error. */
function knock(port: number): Promise<string> {
  return new Promise((resolve) => {
    // agent: false, a connection of its own: a kept-alive one would not test the listener.
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => {
        const turnedAway =
          res.statusCode === 503 && body.includes(JSON.stringify(ERRORS.SHUTTING_DOWN));
        resolve(turnedAway ? 'turned away' : `answered ${res.statusCode}`);
      });
      res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    req.setTimeout(2_000, () =>
      req.destroy(Object.assign(new Error('no answer'), { code: 'no answer' })),
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/**
 * Resolves once a new connection to the port is refused (the server has stopped listening);
 * rejects after `ms`, or at once when a new connection is served. While the server is closing, a
 * connection that reached its accept queue is reset (or, accepted, turned away with the 503 of
 * ADR 0032): that is part of closing, so it knocks again. Resolves with what it met meanwhile.
 */
export async function untilRefused(port: number, ms = 5_000): Promise<string[]> {
  const until = Date.now() + ms;
  const seen: string[] = [];
  for (;;) {
    const outcome = await knock(port);
    if (outcome === 'ECONNREFUSED') return seen;
    if (!['ECONNRESET', 'EPIPE', 'turned away', 'no answer'].includes(outcome)) {
      throw new Error(`a new connection to port ${port} was not refused: ${outcome}`);
    }
    seen.push(outcome);
    if (Date.now() > until) {
      throw new Error(`port ${port} still takes connections ${ms} ms on: ${seen.join(', ')}`);
    }
    await sleep(25);
  }
}

/** The process's exit code (or signal's name); rejects when it has not exited within `ms`. */
export async function exitWithin(server: SpawnedServer, ms: number): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server has not exited ${ms} ms on`)), ms);
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves once no server answers on the data directory's admin socket, the lock a new server
 * checks before it opens the embedded database ('Another Dastak server is using …'); rejects
 * when it is still held after `ms`.
 */
/**
 * After a test that may have failed midway: kills its server if it still runs and waits until it
 * has exited and released the data directory, so that the next test fails (if it does) for a
 * reason of its own rather than 'Another Dastak server is using …'.
 */
export async function stopLeftover(server: SpawnedServer | undefined, dataDir: string) {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
  await exitWithin(server, 10_000);
  await untilUnlocked(dataDir);
}

export async function untilUnlocked(dataDir: string, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (await serverRunning(dataDir)) {
    if (Date.now() > until) throw new Error(`${dataDir} is still locked ${ms} ms on`);
    await sleep(50);
  }
}
