import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLinks } from '../../db/schema/feedback';
import { outbox } from '../../db/schema/outbox';
import { relayOutboxOnce } from '../../jobs/outbox-relay';
import { createTestApp } from '../../test/test-app';
import { fileMailer, outboxMessageKey } from './mailer';
import * as outboxRepo from './notifications.repository';
import { createSmsSender, fileSmsSender, smsFileOf } from './sms-sender';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dastak-sms-'));

/** Every log line the relay wrote, as JSON text. */
function captureLog() {
  const lines: string[] = [];
  const write = (...args: unknown[]) => {
    lines.push(JSON.stringify(args));
  };
  const log = {
    level: 'info',
    trace: write,
    debug: write,
    info: write,
    warn: write,
    error: write,
    fatal: write,
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

let seq = 0;
/** An SMS outbox row carrying a fresh link, as the feedback module writes it. */
async function smsRow() {
  const linkId = `test-link-${++seq}-${Date.now().toString(36)}`.padEnd(32, 'x');
  await t.db.insert(publicLinks).values({ id: linkId, kind: 'croFeedback' });
  const message: outboxRepo.SmsMessage = {
    to: '03001112223',
    text: `Rate us: https://dastak.example/app/cro-feedback/${linkId}`,
    url: `https://dastak.example/app/cro-feedback/${linkId}`,
    kind: 'croFeedback',
  };
  const id = await outboxRepo.enqueueSms(t.db, message, linkId);
  const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
  return { row: row!, message, linkId };
}

/** Only this row is due: earlier tests' leftovers are parked. */
async function onlyDue(id: number) {
  await t.db
    .update(outbox)
    .set({ runAt: sql`now() + interval '1 day'` })
    .where(sql`${outbox.id} <> ${id} and ${outbox.state} = 'pending'`);
}

describe('SMS file sink (no SMS_URL)', () => {
  it('writes the whole payload once as sms-KEY.json; a resend after a crash is not doubled', async () => {
    const dir = tmpDir();
    const senders = { mailer: fileMailer(dir), sms: fileSmsSender(dir) };
    const { row, message } = await smsRow();
    await onlyDue(row.id);
    const key = outboxMessageKey(row);

    // The crash: a dead instance claimed the row and wrote the file, never marking it sent.
    const [claimed] = await outboxRepo.claimDue(t.db, 1, 'dead');
    expect(claimed!.id).toBe(row.id);
    expect(await senders.sms.send(claimed!.payload as outboxRepo.SmsMessage, key)).toBe('sent');
    await outboxRepo.requeueStuck(t.db, 0);

    const { log, lines } = captureLog();
    expect(await relayOutboxOnce(t.db, senders, log, { holder: 'live' })).toBe(1);
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after!.state).toBe('sent');
    expect(fs.readdirSync(dir)).toEqual([smsFileOf(key)]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, smsFileOf(key)), 'utf8'))).toEqual(message);
    expect(lines.join('\n')).toContain('already sent');
    expect(lines.join('\n')).not.toContain(message.to);
  });

  it('createSmsSender without a URL writes under DATA_DIR/outbox', async () => {
    const dataDir = tmpDir();
    const sender = createSmsSender({ dataDir });
    const { message } = await smsRow();
    expect(await sender.send(message, '9-abc')).toBe('sent');
    expect(await sender.send(message, '9-abc')).toBe('already-sent');
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toEqual(['sms-9-abc.json']);
  });
});

describe('SMS gateway (SMS_URL)', () => {
  let server: http.Server;
  let url: string;
  let status = 200;
  const received: { body: unknown; contentType?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ body: JSON.parse(body), contentType: req.headers['content-type'] });
        res.statusCode = status;
        res.end(status === 200 ? '{"ok":true}' : 'gateway broke for 03001112223');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs {to, text, reference} and marks the row sent', async () => {
    status = 200;
    received.length = 0;
    const { row, message } = await smsRow();
    await onlyDue(row.id);
    const senders = {
      mailer: fileMailer(tmpDir()),
      sms: createSmsSender({ smsUrl: url, dataDir: tmpDir() }),
    };
    const { log } = captureLog();
    expect(await relayOutboxOnce(t.db, senders, log, { holder: 'live' })).toBe(1);
    expect(received).toEqual([
      {
        body: { to: message.to, text: message.text, reference: outboxMessageKey(row) },
        contentType: 'application/json',
      },
    ]);
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(after!.sentAt).toBeInstanceOf(Date);
  });

  it('a 500 answer puts the row back for a retry later, and the log holds no payload', async () => {
    status = 500;
    received.length = 0;
    const { row, message, linkId } = await smsRow();
    await onlyDue(row.id);
    const senders = {
      mailer: fileMailer(tmpDir()),
      sms: createSmsSender({ smsUrl: url, dataDir: tmpDir() }),
    };
    const { log, lines } = captureLog();
    expect(await relayOutboxOnce(t.db, senders, log, { holder: 'live' })).toBe(1);
    expect(received).toHaveLength(1);
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ state: 'pending', attempts: 1, sentAt: null });
    expect(after!.lastError).toBe('SMS gateway answered 500');
    expect(after!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    const logged = lines.join('\n');
    expect(logged).toContain('outbox delivery failed');
    expect(logged).not.toContain(message.to);
    expect(logged).not.toContain(linkId);
  });

  it('an unreachable gateway is a failure too', async () => {
    const { message } = await smsRow();
    const sender = createSmsSender({
      smsUrl: 'http://127.0.0.1:1/send',
      dataDir: tmpDir(),
      timeoutMs: 2000,
    });
    await expect(sender.send(message, '1-x')).rejects.toThrow('SMS gateway unreachable');
  });
});
