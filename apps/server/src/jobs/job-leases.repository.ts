import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobLeases } from '../db/schema/jobs';

/** Names this process in job_leases and in the outbox's claims; made once per process. */
export const INSTANCE_ID = `${process.pid}-${randomBytes(6).toString('hex')}`;

/**
 * A tick this much early still takes the period: timers may fire a millisecond or so before
 * their time, and a lone instance must not skip every other period for that.
 */
const EARLY_FRACTION = 0.05;

/**
 * Claims the current period of a job in one atomic statement: the row is created, or moved one
 * period on if its period has come; otherwise nothing is returned and the caller skips. Another
 * instance claiming at the same moment waits on the row lock and then sees next_run_at already in
 * the future. Both sides read the database clock, so instances with skewed clocks agree.
 */
export async function claimJobPeriod(
  db: DbOrTx,
  name: string,
  periodMs: number,
  holder: string,
): Promise<boolean> {
  const leaseMs = periodMs * (1 - EARLY_FRACTION);
  const next = sql`now() + ${leaseMs}::double precision * interval '1 millisecond'`;
  const rows = await db
    .insert(jobLeases)
    .values({ name, nextRunAt: next, holder, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { nextRunAt: next, holder, updatedAt: sql`now()` },
      setWhere: sql`${jobLeases.nextRunAt} <= now()`,
    })
    .returning({ name: jobLeases.name });
  return rows.length > 0;
}
