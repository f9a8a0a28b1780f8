import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, configWarnings, loadConfig } from './config/config';
import { DataDirError, openDb } from './db/client';
import { describeStartFailure } from './db/unreachable';
import { pgliteOf } from './demo/insert';
import { startAutoAssignment } from './jobs/auto-assignment';
import { startLocationRetention } from './jobs/location-retention';
import { startOutboxRelay } from './jobs/outbox-relay';
import { startReportRollupsJob } from './jobs/report-rollups';
import { startRiderShiftsJob } from './jobs/rider-shifts';
import { startWebhookSampleSweep } from './jobs/webhook-sample-sweep';
import { describeTightened, keepFilesPrivate, tightenTree } from './lib/private-files';
import { createLogger } from './logger';
import { createMailer } from './modules/notifications/mailer';
import { createSmsSender } from './modules/notifications/sms-sender';
import { startLatePushSweep } from './modules/push/late-sweep';
import { startSamplePushSweep } from './modules/push/sample-sweep';
import { startWebhookRelay } from './modules/webhooks/public';
import { serveAdminSocket } from './ops/backup';
import { serverRunning } from './ops/data-dir';
import { checkPortFree } from './ops/port-check';
import { startScheduledBackups } from './ops/scheduled-backups';

/** How long a SIGTERM may take before the process gives up and exits 1 (ADR 0032). */
const SHUTDOWN_BOUND_MS = 10_000;

async function main() {
  // Before anything is written: DATA_DIR's files are the server user's alone (ADR 0049).
  keepFilesPrivate();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  // Asynchronous stdout: the log is written off the request's path, and closed on shutdown.
  const { log, close: closeLog } = createLogger(config.LOG_LEVEL);
  const started = Date.now();
  for (const warning of configWarnings()) log.warn(warning);
  // Before the database is opened, seeded or any job starts (ADR 0064).
  const portTaken = await checkPortFree(config.PORT, config.HOST);
  if (portTaken) fail(portTaken);
  // Two servers on one embedded database would corrupt it.
  if (!config.DATABASE_URL && (await serverRunning(config.DATA_DIR))) {
    fail(`Another Dastak server is using ${config.DATA_DIR}`);
  }
  // A DATA_DIR of an earlier release (0755 folders, 0666 table files, 0644 outbox files).
  const tightened = describeTightened(config.DATA_DIR, tightenTree(config.DATA_DIR));
  if (tightened) log.warn(tightened);
  const dbHandle = await openDb({
    databaseUrl: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    poolMax: config.DB_POOL_MAX,
    dataDir: config.DATA_DIR,
    onPoolError: (err) => log.warn({ err }, 'database connection lost; the pool reconnects'),
  }).catch((err) => {
    // A refused connection, an unknown host, a missing database or role: one line, no stack.
    const line = config.DATABASE_URL && describeStartFailure(err, config.DATABASE_URL);
    if (line) fail(line);
    throw err;
  });
  log.info(
    { engine: dbHandle.kind, dataDir: dbHandle.kind === 'pglite' ? config.DATA_DIR : undefined },
    'database ready',
  );
  await bootstrap(dbHandle.db, config, log);
  // `npm run backup` asks the running server for a consistent snapshot of the embedded database.
  const lite = pgliteOf(dbHandle.db);
  const adminSocket = lite ? await serveAdminSocket(config.DATA_DIR, lite, log) : undefined;

  const app = await buildApp({
    config,
    dbHandle,
    loggerInstance: log,
    reportError: await errorReporter(config.SENTRY_DSN),
  });
  const relay = startOutboxRelay(
    dbHandle.db,
    {
      mailer: createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR }),
      sms: createSmsSender({ smsUrl: config.SMS_URL, dataDir: config.DATA_DIR }),
    },
    log,
    undefined,
    // The embedded database has one server at a time: what is 'sending' on start was left by a
    // crash. On PostgreSQL another instance may be sending it (ADR 0035).
    { soleInstance: dbHandle.kind === 'pglite' },
  );
  // Webhooks to the lab's systems (ADR 0067): only this job POSTs, never a request.
  const webhookRelay = startWebhookRelay(dbHandle.db, log, {
    soleInstance: dbHandle.kind === 'pglite',
  });
  const webhookSamples = startWebhookSampleSweep(dbHandle.db, log, { config: config.dispatch });
  const autoAssignment = startAutoAssignment(dbHandle.db, log, {
    config: config.dispatch,
    osrmUrl: config.OSRM_URL,
  });

  const latePush = startLatePushSweep(dbHandle.db, log, {
    graceMinutes: config.dispatch.onTimeGraceMinutes,
  });
  const samplePush = startSamplePushSweep(dbHandle.db, log, { config: config.dispatch });
  const riderShifts = startRiderShiftsJob(dbHandle.db, log);
  const reportRollups = startReportRollupsJob(dbHandle.db, log, { model: config.dispatch });
  const locationRetention = startLocationRetention(dbHandle.db, log, {
    days: config.LOCATION_RETENTION_DAYS,
  });
  const backups = config.BACKUP_DIR
    ? startScheduledBackups(
        dbHandle.db,
        lite
          ? { engine: 'pglite', client: lite, dataDir: config.DATA_DIR }
          : { engine: 'postgres', databaseUrl: config.DATABASE_URL ?? '' },
        { dir: config.BACKUP_DIR, everyMs: config.BACKUP_EVERY, keep: config.BACKUP_KEEP },
        log,
      )
    : undefined;
  await app.listen({ port: config.PORT, host: config.HOST });
  log.info(
    { ms: Date.now() - started },
    `Dastak is serving the console at ${config.PUBLIC_URL}/app (API docs at ${config.PUBLIC_URL}/api/docs)`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ signal, boundMs: SHUTDOWN_BOUND_MS }, 'shutdown did not finish in time; exiting');
      void closeLog().finally(() => process.exit(1));
      setTimeout(() => process.exit(1), 500).unref();
    }, SHUTDOWN_BOUND_MS).unref();
    // Stops accepting, ends the realtime streams (their preClose hook), lets in-flight requests
    // finish; the jobs stop meanwhile, each after its current run.
    const t0 = Date.now();
    const since = () => Date.now() - t0;
    const ms: Record<string, number> = {};
    const step = (name: string, p: Promise<unknown>) => p.then(() => (ms[name] = since()));
    // A keep-alive connection whose request finishes after the close began would otherwise hold
    // the close for its idle timeout (5 s): drop connections as they become idle.
    const dropIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    await Promise.all([
      step(
        'http',
        app.close().finally(() => clearInterval(dropIdle)),
      ),
      step('outbox', relay.stop()),
      step('webhooks', webhookRelay.stop()),
      step('webhookSamples', webhookSamples.stop()),
      step('autoAssignment', autoAssignment.stop()),
      step('latePush', latePush.stop()),
      step('samplePush', samplePush.stop()),
      step('riderShifts', riderShifts.stop()),
      step('reportRollups', reportRollups.stop()),
      step('locationRetention', locationRetention.stop()),
      step('backups', backups?.stop() ?? Promise.resolve()),
    ]);
    await adminSocket?.close();
    await step('database', dbHandle.close());
    log.info({ ms }, 'stopped');
    await closeLog();
    clearTimeout(force);
    process.exit(0);
  };
  const onSignal = (signal: string) =>
    shutdown(signal).catch((err) => {
      log.error({ err }, 'shutdown failed');
      void closeLog().finally(() => process.exit(1));
    });
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  process.on('SIGINT', () => void onSignal('SIGINT'));
}

/** A start that cannot go on: one line for the operator, no stack. */
function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** Sentry only when a DSN is configured; the SDK is not even loaded otherwise. */
async function errorReporter(dsn: string | undefined) {
  if (!dsn) return undefined;
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn, sendDefaultPii: false });
  return (err: unknown) => {
    Sentry.captureException(err);
  };
}

main().catch((err) => {
  // A data directory of another engine version: the message says what to do; a stack would not.
  const text =
    err instanceof DataDirError
      ? err.message
      : err instanceof Error
        ? (err.stack ?? err.message)
        : String(err);
  process.stderr.write(`Dastak failed to start: ${text}\n`);
  process.exit(1);
});
