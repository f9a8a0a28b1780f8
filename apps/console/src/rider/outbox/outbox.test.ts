import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  classify,
  memoryStore,
  Outbox,
  type OutboxItem,
  type SendOutcome,
} from './outbox';

function setup() {
  let now = 1_000_000;
  let n = 0;
  const clock = { now: () => now, uuid: () => `key-${++n}` };
  const outbox = new Outbox(memoryStore(), clock);
  return {
    outbox,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const reached = (orderId: number) => ({
  kind: 'reached' as const,
  path: `/rider-app/orders/${orderId}/reached/`,
  body: { latitude: 24.9, longitude: 67.1 },
  orderId,
  orderNumber: `B-${orderId}`,
});

/** A server that answers from a script and records the keys it was sent. */
function server(answers: SendOutcome[]) {
  const seen: OutboxItem[] = [];
  return {
    seen,
    send: async (item: OutboxItem) => {
      seen.push(item);
      return answers.shift() ?? { kind: 'ok' as const, data: null };
    },
  };
}

describe('rider outbox', () => {
  it('sends queued actions in the order they were taken, each under its own key', async () => {
    const { outbox } = setup();
    await outbox.enqueue(7, reached(1));
    await outbox.enqueue(7, { ...reached(1), kind: 'collected', path: '/c/' });
    await outbox.enqueue(7, { kind: 'deliver', path: '/rider-app/deliver/', body: {} });
    const s = server([]);
    const result = await outbox.drain(7, s.send);
    expect(result).toEqual({ sent: 3, refused: 0, stoppedBy: null });
    expect(s.seen.map((i) => i.kind)).toEqual(['reached', 'collected', 'deliver']);
    expect(new Set(s.seen.map((i) => i.key)).size).toBe(3);
    expect(outbox.snapshot().items).toEqual([]);
  });

  it('keeps an item and its key through a failed try, and stops there so nothing overtakes it', async () => {
    const { outbox, advance } = setup();
    const first = await outbox.enqueue(7, reached(1));
    await outbox.enqueue(7, reached(2));
    const s = server([{ kind: 'retry', status: 0, detail: 'offline' }]);
    expect(await outbox.drain(7, s.send)).toEqual({ sent: 0, refused: 0, stoppedBy: 'retry' });
    expect(s.seen).toHaveLength(1);
    expect(outbox.snapshot().items.map((i) => i.key)).toEqual([first.key, 'key-2']);
    expect(outbox.snapshot().items[0]).toMatchObject({ attempts: 1, lastError: 'offline' });
    // Backing off: a drain before the wait is over sends nothing.
    expect((await outbox.drain(7, s.send)).sent).toBe(0);
    expect(s.seen).toHaveLength(1);
    advance(backoffMs(1));
    expect((await outbox.drain(7, s.send)).sent).toBe(2);
    // The replay carries the key the action got when it was queued.
    expect(s.seen.map((i) => i.key)).toEqual([first.key, first.key, 'key-2']);
  });

  it('turns a refusal into a card for the rider and goes on with the rest', async () => {
    const { outbox } = setup();
    await outbox.enqueue(7, reached(1));
    await outbox.enqueue(7, reached(2));
    const s = server([{ kind: 'refused', status: 403, detail: 'This order is not yours.' }]);
    expect(await outbox.drain(7, s.send)).toEqual({ sent: 1, refused: 1, stoppedBy: null });
    const { items, refusals } = outbox.snapshot();
    expect(items).toEqual([]);
    expect(refusals).toEqual([
      expect.objectContaining({
        kind: 'reached',
        orderNumber: 'B-1',
        status: 403,
        detail: 'This order is not yours.',
      }),
    ]);
    await outbox.dismiss(refusals[0]!.key);
    expect(outbox.snapshot().refusals).toEqual([]);
  });

  it('stops at an ended session and keeps everything for after the next sign-in', async () => {
    const { outbox } = setup();
    await outbox.enqueue(7, reached(1));
    const s = server([{ kind: 'auth' }]);
    expect((await outbox.drain(7, s.send)).stoppedBy).toBe('auth');
    expect(outbox.snapshot().items).toHaveLength(1);
    expect(outbox.snapshot().items[0]!.attempts).toBe(0);
  });

  it("never sends another rider's queue", async () => {
    const { outbox } = setup();
    await outbox.enqueue(7, reached(1));
    await outbox.enqueue(8, reached(2));
    const s = server([]);
    await outbox.drain(8, s.send);
    expect(s.seen.map((i) => i.orderId)).toEqual([2]);
    expect(outbox.snapshot().items.map((i) => i.userId)).toEqual([7]);
  });

  it('runs one drain at a time', async () => {
    const { outbox } = setup();
    await outbox.enqueue(7, reached(1));
    const s = server([]);
    const [a, b] = await Promise.all([outbox.drain(7, s.send), outbox.drain(7, s.send)]);
    expect(a).toBe(b);
    expect(s.seen).toHaveLength(1);
  });

  it('online again, a backed-off item may go at once', async () => {
    const { outbox } = setup();
    await outbox.enqueue(7, reached(1));
    const s = server([{ kind: 'retry', status: 503, detail: 'down' }]);
    await outbox.drain(7, s.send);
    expect(outbox.nextTryIn(7)).toBeGreaterThan(0);
    await outbox.retryNow();
    expect(outbox.nextTryIn(7)).toBe(0);
    expect((await outbox.drain(7, s.send)).sent).toBe(1);
  });

  it('reads the answers: 4xx refused, 5xx/429/none retried, 401 a session to renew', () => {
    expect(classify(200)).toBe('ok');
    expect(classify(201)).toBe('ok');
    for (const s of [400, 403, 404, 409, 422]) expect(classify(s), String(s)).toBe('refused');
    for (const s of [0, 408, 429, 500, 502, 503]) expect(classify(s), String(s)).toBe('retry');
    expect(classify(401)).toBe('auth');
    expect(backoffMs(1)).toBe(2_000);
    expect(backoffMs(3)).toBe(8_000);
    expect(backoffMs(30)).toBe(300_000);
  });
});
