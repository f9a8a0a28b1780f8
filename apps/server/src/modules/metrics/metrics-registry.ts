import { timingSafeEqual } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import { jobHealth } from '../../jobs/job-health';
import { jobStatuses, onJobRun } from '../../jobs/periodic-job';
import { webhookBacklog } from '../webhooks/public';

/**
 * Prometheus metrics (ADR 0033): request rates and latencies by route, job runs and their
 * duration, the outbox backlog, realtime stream clients, the database pool, and Node's process
 * metrics. Built only when METRICS_TOKEN is set, so a server without it pays nothing per request.
 */
export interface Metrics {
  registry: Registry;
  /** The realtime module reports how many streams are open, and how many it dropped, by why. */
  setStreamClients(read: () => number, drops?: () => Readonly<Record<string, number>>): void;
  /** Whether `authorization` carries the scrape token. */
  admits(authorization: string | undefined): boolean;
  stop(): void;
}

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(app: FastifyInstance, dbHandle: DbHandle, token: string): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // The route's pattern, never the URL: ids and query values stay out of label values.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status_code: reply.statusCode });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const jobRuns = new Counter({
    name: 'dastak_job_runs_total',
    help: 'Background job runs, by job and outcome (ok, failed, skipped: another instance ran it)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'dastak_job_duration_seconds',
    help: 'Duration of background job runs',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  // 'skipped': another instance held the period (ADR 0035); a skip has no duration.
  const unobserve = onJobRun((job, outcome) => {
    jobRuns.inc({ job: job.name, outcome });
    if (outcome !== 'skipped')
      jobDuration.observe({ job: job.name }, (job.lastDurationMs ?? 0) / 1000);
  });

  new Gauge({
    name: 'dastak_outbox_backlog',
    help: 'Outbox messages not sent yet',
    registers: [registry],
    async collect() {
      const [row] = await dbHandle.db
        .select({ n: count() })
        .from(outbox)
        .where(inArray(outbox.state, ['pending', 'sending']));
      this.set(row?.n ?? 0);
    },
  });

  // Pending: not delivered yet (retrying included); failed: given up after 24 h (ADR 0067).
  new Gauge({
    name: 'dastak_webhook_deliveries',
    help: 'Webhook deliveries not delivered, by state (pending, failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const b = await webhookBacklog(dbHandle.db);
      this.set({ state: 'pending' }, b.pending);
      this.set({ state: 'failed' }, b.failed);
    },
  });

  // 1 while a job has finished no run for three periods (its /api/health state 'stalled').
  new Gauge({
    name: 'dastak_job_stalled',
    help: 'Background jobs of this process that finished no run for three periods (1 stalled)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      for (const job of jobStatuses()) {
        this.set({ job: job.name }, jobHealth(job).state === 'stalled' ? 1 : 0);
      }
    },
  });

  let streamClients = () => 0;
  let streamDrops: () => Readonly<Record<string, number>> = () => ({});
  // The hub counts since the process started; the counter is brought up to its figures.
  const countedDrops = new Map<string, number>();
  new Counter({
    name: 'dastak_realtime_streams_dropped_total',
    help: 'Realtime streams the server closed: overflow (queue full), stalled (client not reading), listenerLost',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      for (const [reason, total] of Object.entries(streamDrops())) {
        this.inc({ reason }, total - (countedDrops.get(reason) ?? 0));
        countedDrops.set(reason, total);
      }
    },
  });
  new Gauge({
    name: 'dastak_realtime_stream_clients',
    help: 'Open realtime (server-sent events) streams',
    registers: [registry],
    collect() {
      this.set(streamClients());
    },
  });

  const pool = dbHandle.poolStats;
  if (pool) {
    new Gauge({
      name: 'dastak_db_pool_connections',
      help: 'PostgreSQL pool connections, by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  const expected = Buffer.from(`Bearer ${token}`);
  return {
    registry,
    setStreamClients: (read, drops) => {
      streamClients = read;
      if (drops) streamDrops = drops;
    },
    admits(authorization) {
      if (authorization === undefined) return false;
      const given = Buffer.from(authorization);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    stop: unobserve,
  };
}
