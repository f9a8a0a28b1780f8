import { z } from 'zod';

/** One background job of the answering process, as GET /health reports it. */
export const jobHealthSchema = z.object({
  name: z.string(),
  /** ok; failing: its last run failed; stalled: no run finished for three periods. */
  state: z.enum(['ok', 'failing', 'stalled']),
  lastRunAt: z.string().nullable(),
});
export type JobHealth = z.infer<typeof jobHealthSchema>;

/** GET /health: the same body with 200 and with 503 (database down). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['up', 'down']),
  engine: z.enum(['pglite', 'postgres']),
  jobs: z.array(jobHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /metrics: Prometheus' text exposition format, documented as a string (ADR 0020). */
export const metricsTextSchema = z.string().describe('text/plain; version=0.0.4');
