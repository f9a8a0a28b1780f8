import { z } from 'zod';

/** One background job of the answering process, as GET /health reports it. */
export const jobHealthSchema = z.object({
  name: z.string(),
  /** ok; failing: its last run failed; stalled: no run finished for three periods. */
  state: z.enum(['ok', 'failing', 'stalled']),
  lastRunAt: z.string().nullable(),
});
export type JobHealth = z.infer<typeof jobHealthSchema>;

/** Which process answered: the release, this process's id (as in job_leases), how long it has run. */
export const instanceSchema = z.object({
  version: z.string(),
  instanceId: z.string(),
  uptimeSeconds: z.number().int(),
});

/** GET /health: the same body with 200 and with 503 (database down). */
export const healthSchema = instanceSchema.extend({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down']),
  engine: z.enum(['pglite', 'postgres']),
  jobs: z.array(jobHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /health/live: the process answers (no database call); for a restart-if-dead probe. */
export const livenessSchema = instanceSchema.extend({ status: z.literal('alive') });

/**
 * GET /health/ready: whether to send this process traffic (200) or not (503): the database
 * answers and the process is not shutting down. A server listens only once its migrations ran,
 * so while it migrates the probe finds no listener, which reads as not ready too.
 */
export const readinessSchema = instanceSchema.extend({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
});

/** GET /metrics: Prometheus' text exposition format, documented as a string (ADR 0020). */
export const metricsTextSchema = z.string().describe('text/plain; version=0.0.4');
