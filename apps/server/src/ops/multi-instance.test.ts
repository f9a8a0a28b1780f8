import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { type DbHandle, openDb } from '../db/client';
import { jobLeases } from '../db/schema/jobs';
import { outbox } from '../db/schema/outbox';
import { startAutoAssignment } from '../jobs/auto-assignment';
import { claimJobPeriod } from '../jobs/job-leases.repository';
import { relayOutboxOnce, startOutboxRelay } from '../jobs/outbox-relay';
import { onJobRun, startPeriodicJob } from '../jobs/periodic-job';
import { DISPATCH_DEFAULTS } from '../modules/dispatch/dispatch-config';
import { fileMailer, type Mailer, outboxMessageKey } from '../modules/notifications/mailer';
import * as outboxRepo from '../modules/notifications/notifications.repository';
import { createTestApp, createUser, randomAddress } from '../test/test-app';

/** Several instances on one database (docs/decisions/0035-instances-and-exactly-once.md). */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmpDirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-multi-'));
  tmpDirs.push(dir);
  return dir;
};
const emlFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^outbox-.*\.eml$/.test(f)) : [];
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const email = (i: number) => ({ to: `user${i}@test.local`, subject: `Message ${i}`, text: 'Hi' });

describe('job leases and outbox claims (any engine)', () => {
  let t: TestApp;
  let log: FastifyBaseLogger;
  beforeAll(async () => {
    t = await createTestApp();
    log = t.app.log;
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await t.db.delete(outbox);
    await t.db.delete(jobLeases);
  });

  it('one holder gets a period; the other only once the period has passed', async () => {
    expect(await claimJobPeriod(t.db, 'lease-test', 60_000, 'a')).toBe(true);
    expect(await claimJobPeriod(t.db, 'lease-test', 60_000, 'b')).toBe(false);
    expect(await claimJobPeriod(t.db, 'lease-test', 60_000, 'a')).toBe(false);
    const [row] = await t.db
      .select({
        holder: jobLeases.holder,
        aheadMs: sql<number>`extract(epoch from ${jobLeases.nextRunAt} - now()) * 1000`,
      })
      .from(jobLeases)
      .where(eq(jobLeases.name, 'lease-test'));
    expect(row?.holder).toBe('a');
    // Set by the database clock, a period (less the early margin) ahead.
    expect(Number(row?.aheadMs)).toBeGreaterThan(50_000);
    expect(Number(row?.aheadMs)).toBeLessThanOrEqual(60_000);
    await t.db
      .update(jobLeases)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobLeases.name, 'lease-test'));
    expect(await claimJobPeriod(t.db, 'lease-test', 60_000, 'b')).toBe(true);
    expect(await claimJobPeriod(t.db, 'lease-test', 60_000, 'a')).toBe(false);
    const [after] = await t.db.select().from(jobLeases).where(eq(jobLeases.name, 'lease-test'));
    expect(after?.holder).toBe('b');
  });

  it('a lone instance with a lease runs every period; two share the periods', async () => {
    const periodMs = 100;
    const runs = { lone: 0, a: 0, b: 0 };
    const lone = startPeriodicJob({
      name: 'lease-lone',
      periodMs,
      log,
      lease: { db: t.db, holder: 'lone' },
      run: async () => void runs.lone++,
    });
    await sleep(1050);
    await lone.stop();
    expect(lone.status.skipped).toBe(0);
    expect(runs.lone).toBeGreaterThanOrEqual(6);

    const start = (holder: 'a' | 'b') =>
      startPeriodicJob({
        name: 'lease-shared',
        periodMs,
        log,
        lease: { db: t.db, holder },
        run: async () => void runs[holder]++,
      });
    const a = start('a');
    await sleep(37); // out of phase
    const b = start('b');
    const started = Date.now();
    await sleep(1500);
    await Promise.all([a.stop(), b.stop()]);
    const periods = (Date.now() - started) / periodMs;
    // Two ticks per period between them, one run per period.
    expect(runs.a + runs.b).toBeLessThanOrEqual(Math.ceil(periods / 0.95) + 1);
    expect(runs.a + runs.b).toBeGreaterThanOrEqual(Math.floor(periods * 0.4));
    expect(a.status.skipped + b.status.skipped).toBeGreaterThanOrEqual(Math.floor(periods * 0.4));
    expect(a.status.runs + b.status.runs).toBe(runs.a + runs.b);
  });

  it('requeues a stale claim, leaves a fresh one alone, and the stale holder cannot mark it', async () => {
    const [fresh, stale, legacy] = await t.db
      .insert(outbox)
      .values([
        { kind: 'email', payload: email(1), state: 'sending', claimedBy: 'live' },
        { kind: 'email', payload: email(2), state: 'sending', claimedBy: 'dead' },
        // Left 'sending' by a version before claims (migration 0009).
        { kind: 'email', payload: email(3), state: 'sending' },
      ])
      .returning();
    await t.db.update(outbox).set({ claimedAt: sql`now()` }).where(eq(outbox.id, fresh!.id));
    await t.db
      .update(outbox)
      .set({ claimedAt: sql`now() - interval '6 minutes'` })
      .where(eq(outbox.id, stale!.id));

    expect(await outboxRepo.requeueStuck(t.db)).toBe(2);
    const rows = await t.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.id, r.state, r.claimedBy])).toEqual([
      [fresh!.id, 'sending', 'live'],
      [stale!.id, 'pending', null],
      [legacy!.id, 'pending', null],
    ]);
    // The dead instance waking up finds its message taken away.
    expect(await outboxRepo.markSent(t.db, stale!.id, 'dead')).toBe(false);
    expect(await outboxRepo.renewClaim(t.db, stale!.id, 'dead')).toBe(false);
    expect(await outboxRepo.markSent(t.db, fresh!.id, 'live')).toBe(true);
  });

  it('the file mailer writes a message once: the same key again is already sent', async () => {
    const dir = tmpDir();
    const mailer = fileMailer(dir);
    expect(await mailer.send(email(1), '7-abc')).toBe('sent');
    expect(await mailer.send(email(2), '7-abc')).toBe('already-sent');
    expect(fs.readdirSync(dir)).toEqual(['outbox-7-abc.eml']);
    const eml = fs.readFileSync(path.join(dir, 'outbox-7-abc.eml'), 'utf8');
    expect(eml).toContain('Message-ID: <outbox-7-abc@dastak.local>');
    expect(eml).toContain('Subject: Message 1');
  });

  it('a message half-sent before a crash is sent once after the requeue', async () => {
    const dir = tmpDir();
    const mailer = fileMailer(dir);
    await t.db.insert(outbox).values([1, 2, 3].map((i) => ({ kind: 'email', payload: email(i) })));
    // The crash: claimed and written by a dead instance, never marked sent.
    const [claimed] = await outboxRepo.claimDue(t.db, 1, 'dead');
    await mailer.send(claimed!.payload as outboxRepo.EmailMessage, outboxMessageKey(claimed!));
    await t.db
      .update(outbox)
      .set({ claimedAt: sql`now() - interval '10 minutes'` })
      .where(eq(outbox.id, claimed!.id));

    expect(await relayOutboxOnce(t.db, mailer, log, { holder: 'live' })).toBe(2);
    expect(await outboxRepo.requeueStuck(t.db)).toBe(1);
    expect(await relayOutboxOnce(t.db, mailer, log, { holder: 'live' })).toBe(1);
    const rows = await t.db.select().from(outbox);
    expect(rows.map((r) => r.state)).toEqual(['sent', 'sent', 'sent']);
    expect(emlFiles(dir)).toHaveLength(3);
    const subjects = emlFiles(dir).map(
      (f) => /Subject: (.*)/.exec(fs.readFileSync(path.join(dir, f), 'utf8'))?.[1],
    );
    expect(subjects.sort()).toEqual(['Message 1', 'Message 2', 'Message 3']);
  });
});

/**
 * Two instances on one PostgreSQL database (the PostgreSQL suite only: PGlite is one process),
 * each running the real job loops at once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on PostgreSQL', () => {
  let t: TestApp;
  let b: { app: App; handle: DbHandle };

  beforeAll(async () => {
    t = await createTestApp();
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const handle = await openDb({ databaseUrl: pool.options.connectionString as string });
    b = { app: await buildApp({ config: t.config, dbHandle: handle, logger: false }), handle };
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.handle.close();
    await t?.close();
  });

  it('auto-assignment runs once per period across both; each email goes out once', async () => {
    const instances = [
      { name: 'A', app: t.app, db: t.db, dir: tmpDir() },
      { name: 'B', app: b.app, db: b.handle.db, dir: tmpDir() },
    ];
    // Every send of both relays, by outbox message key.
    const sends = new Map<string, string[]>();
    const recording = (name: string, inner: Mailer): Mailer => ({
      async send(m, key) {
        sends.set(key, [...(sends.get(key) ?? []), name]);
        return inner.send(m, key);
      },
    });
    const periodMs = 200;
    // When each auto-assignment run of either instance started.
    const runStarts: number[] = [];
    const unobserve = onJobRun((status, outcome) => {
      if (status.name === 'auto-assignment' && outcome !== 'skipped')
        runStarts.push(status.lastStartedAt!.getTime());
    });
    const started = Date.now();
    const jobs = instances.map((i) => ({
      auto: startAutoAssignment(i.db, i.app.log, {
        config: { ...DISPATCH_DEFAULTS, periodMs },
        holder: i.name,
      }),
      relay: startOutboxRelay(i.db, recording(i.name, fileMailer(i.dir)), i.app.log, 50, {
        holder: i.name,
      }),
    }));

    // Password resets asked on both instances while both relays poll.
    const users = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(t)));
    let asked = 0;
    for (let round = 0; round < 12; round++) {
      await Promise.all(
        users.map(async (u, k) => {
          const res = await instances[(round + k) % 2]!.app.inject({
            method: 'POST',
            url: '/api/v1/auth/password-reset-request/',
            payload: { email: u.email },
            remoteAddress: randomAddress(),
          });
          expect(res.statusCode).toBe(200);
          asked++;
        }),
      );
      await sleep(60);
    }
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select({ id: outbox.id })
              .from(outbox)
              .where(inArray(outbox.state, ['pending', 'sending']))
          ).length,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(0);
    await sleep(Math.max(0, 3000 - (Date.now() - started)));
    await Promise.all(jobs.flatMap((j) => [j.auto.stop(), j.relay.stop()]));
    const elapsed = Date.now() - started;
    unobserve();

    // Emails: every row sent, each key sent once by one relay and written once.
    const rows = await t.db.select().from(outbox);
    expect(rows).toHaveLength(asked);
    expect(rows.every((r) => r.state === 'sent')).toBe(true);
    const twice = [...sends].filter(([, by]) => by.length > 1);
    expect(twice).toEqual([]);
    expect(sends.size).toBe(asked);
    const files = instances.flatMap((i) => emlFiles(i.dir));
    expect(files).toHaveLength(asked);
    expect(new Set(files).size).toBe(asked);
    // Both relays took part.
    for (const i of instances) expect(emlFiles(i.dir).length).toBeGreaterThan(0);

    // Auto-assignment: one run per period across both, never two in one period.
    const [autoA, autoB] = jobs.map((j) => j.auto.status);
    const total = autoA!.runs + autoB!.runs;
    const periods = elapsed / periodMs;
    expect(total).toBe(runStarts.length);
    expect(total).toBeLessThanOrEqual(Math.ceil(periods / 0.95) + 1);
    expect(total).toBeGreaterThanOrEqual(Math.floor(periods * 0.4));
    expect(autoA!.skipped + autoB!.skipped).toBeGreaterThan(0);
    const starts = runStarts.sort((x, y) => x - y);
    const gaps = starts.slice(1).map((at, k) => at - starts[k]!);
    expect(Math.min(...gaps)).toBeGreaterThan(periodMs / 2);
    const [lease] = await t.db.select().from(jobLeases);
    expect(['A', 'B']).toContain(lease?.holder);
    console.log(
      `two instances, ${elapsed} ms: auto-assignment ${total} runs (A ${autoA!.runs}, B ${autoB!.runs}; ` +
        `skipped ${autoA!.skipped + autoB!.skipped}) in ${periods.toFixed(1)} periods, min gap ${Math.min(...gaps)} ms; ` +
        `${asked} emails, sent by A ${emlFiles(instances[0]!.dir).length}, B ${emlFiles(instances[1]!.dir).length}, twice 0`,
    );
  });
});
