import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config/config';
import { openDb } from './db/client';
import { startAutoAssignment } from './jobs/auto-assignment';
import { startOutboxRelay } from './jobs/outbox-relay';
import { createLogger } from './logger';
import { createMailer } from './modules/notifications/mailer';
import { startLatePushSweep } from './modules/push/late-sweep';

async function main() {
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
  const dbHandle = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onPoolError: (err) => log.warn({ err }, 'database connection lost; the pool reconnects'),
  });
  log.info(
    { engine: dbHandle.kind, dataDir: dbHandle.kind === 'pglite' ? config.DATA_DIR : undefined },
    'database ready',
  );
  await bootstrap(dbHandle.db, config, log);

  const app = await buildApp({
    config,
    dbHandle,
    loggerInstance: log,
    reportError: await errorReporter(config.SENTRY_DSN),
  });
  const relay = startOutboxRelay(
    dbHandle.db,
    createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR }),
    log,
  );
  const autoAssignment = startAutoAssignment(dbHandle.db, log, {
    config: config.dispatch,
    osrmUrl: config.OSRM_URL,
  });

  const latePush = startLatePushSweep(dbHandle.db, log, {
    graceMinutes: config.dispatch.onTimeGraceMinutes,
  });
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
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close(); // stops accepting, lets in-flight requests finish
    await relay.stop();
    await autoAssignment.stop();
    await latePush.stop();
    await dbHandle.close();
    log.info('stopped');
    await closeLog();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
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
  process.stderr.write(
    `Dastak failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
