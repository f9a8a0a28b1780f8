import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { DemoUser, SharedSession } from './fixtures/auth';
import { type ConfiguredServer, startConfiguredServer } from './fixtures/extra-server';
import { serverArgs } from './fixtures/server-bundle';

/**
 * Starts the real server (embedded database, fresh demo data) once per e2e worker for all
 * browser specs, and stops them afterwards. Each worker runs its files one after another against
 * its own server (fixtures/server.ts), so specs never share a world with a file running at the
 * same time, and the two workers fill the time a spec spends waiting on its page (about a third
 * of a core each). The console is served from its build, which `npm run test:e2e` makes first;
 * here we only check that it exists.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
// CONSOLE_DIST (as the server reads it) lets a second checkout's build be tested side by side.
const CONSOLE_DIST = process.env.CONSOLE_DIST || path.join(ROOT, 'apps/console/dist');
const CONSOLE_INDEX = path.join(CONSOLE_DIST, 'index.html');
const ADMIN_EMAIL = 'admin@dastak.local';
const ADMIN_PASSWORD = 'e2e-admin-secret';
const DEMO_STAFF_PASSWORD = 'dastak123';
const START_TIMEOUT_MS = 240_000;
/**
 * The shared server's access-token lifetime: longer than any e2e run, so the sessions signed in
 * below never expire and nobody refreshes them (fixtures/auth.ts says why that matters). The
 * refresh spec uses the configured server's 5 s token (fixtures/extra-server.ts).
 */
const ACCESS_TOKEN_TTL_SECONDS = 24 * 3600;

/** One e2e server: what a worker's specs reach through fixtures/server.ts. */
export type E2eServer = {
  baseUrl: string;
  /** The server's DATA_DIR; emails land in its outbox/ as .eml files. */
  dataDir: string;
  /** Each demo user signed in once for the whole run (fixtures/auth.ts). */
  sessions: Record<DemoUser, SharedSession>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per e2e worker, in the order of VITEST_POOL_ID. */
    servers: E2eServer[];
    /** One for the run: the specs of REPORTING_URL, ISSUE_REPORTING_URL and token refresh. */
    configuredServer: ConfiguredServer;
    adminEmail: string;
    adminPassword: string;
    staffPassword: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `The server was not healthy within ${START_TIMEOUT_MS / 1000}s:\n${tail(logFile)}`,
  );
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** One login per demo user per run: well under the server's limit of 10 a minute per account. */
async function signInOnce(baseUrl: string): Promise<Record<DemoUser, SharedSession>> {
  const credentials: Record<DemoUser, { email: string; password: string }> = {
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    dispatcher: { email: 'dispatcher@dastak.local', password: DEMO_STAFF_PASSWORD },
    agent: { email: 'agent@dastak.local', password: DEMO_STAFF_PASSWORD },
  };
  const sessions = {} as Record<DemoUser, SharedSession>;
  for (const [who, body] of Object.entries(credentials) as [DemoUser, typeof credentials.admin][]) {
    const response = await fetch(`${baseUrl}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`Signing ${who} in for the run: ${response.status} ${await response.text()}`);
    }
    sessions[who] = (await response.json()) as SharedSession;
  }
  return sessions;
}

/** The server runs in its own process group so teardown also ends anything it spawned. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

type Started = E2eServer & { stop(): Promise<void> };

/** Starts one server on a free port and a data directory of its own, and signs the users in. */
async function startServer(): Promise<Started> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-e2e-'));
  const serverDataDir = path.join(dataDir, 'data');
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_STAFF_PASSWORD,
      DEMO_DATA: 'on',
      DEMO_ORDERS: '2000',
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      LOG_LEVEL: 'warn',
      // Specs book an order at the first slot the API offers (an hour or more ahead) and have
      // its rider reach it at once (fixtures/customer-links.ts); the lead (ADR 0055) is the
      // server tests' to check, so here it spans the auto-assignment horizon and a slot.
      RIDER_REACH_LEAD_MINUTES: '180',
      // The webhooks spec's subscriber listens on 127.0.0.1 over plain http (ADR 0067).
      WEBHOOK_ALLOW_HTTP: 'on',
      DATABASE_URL: '',
      CONSOLE_DIST,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    await stop(child);
    fs.closeSync(log);
  };
  try {
    await waitForHealth(baseUrl, child, logFile);
    const sessions = await signInOnce(baseUrl);
    return {
      baseUrl,
      dataDir: serverDataDir,
      sessions,
      async stop() {
        await cleanUp();
        if (process.env.E2E_KEEP_DATA) console.info(`e2e server data kept in ${dataDir}`);
        else fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // The error already carries the log tail; leave nothing behind in /tmp.
    await cleanUp();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(CONSOLE_INDEX)) {
    throw new Error(
      'The console is not built: run `npm run build` (npm run test:e2e does it first).',
    );
  }
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const [configured, ...results] = await Promise.allSettled([
    startConfiguredServer(),
    ...Array.from({ length: workers }, () => startServer()),
  ]);
  const started = [configured!, ...results].flatMap((r) =>
    r.status === 'fulfilled' ? [r.value] : [],
  );
  const failed = [configured!, ...results].find(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failed || configured?.status !== 'fulfilled') {
    await Promise.all(started.map((s) => s.stop()));
    throw (failed as PromiseRejectedResult).reason;
  }
  const { stop: _stop, ...configuredServer } = configured.value;
  project.provide('configuredServer', configuredServer);

  project.provide(
    'servers',
    results.flatMap((r) =>
      r.status === 'fulfilled'
        ? [{ baseUrl: r.value.baseUrl, dataDir: r.value.dataDir, sessions: r.value.sessions }]
        : [],
    ),
  );
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('staffPassword', DEMO_STAFF_PASSWORD);

  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
