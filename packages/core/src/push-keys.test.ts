import { describe, expect, it } from 'vitest';
import { fromBase64Url, subscribeForKey } from './push-keys';

/** A PushManager holding one subscription made with `key` (or none). */
function pushManager(key: string | null) {
  const made: string[] = [];
  let unsubscribed = 0;
  const subscription = (k: string, endpoint: string) => ({
    endpoint,
    options: { applicationServerKey: fromBase64Url(k).buffer },
    unsubscribe: async () => {
      unsubscribed += 1;
      return true;
    },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  });
  return {
    manager: {
      getSubscription: async () => (key ? subscription(key, 'https://push.example/old') : null),
      subscribe: async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
        made.push(Buffer.from(applicationServerKey).toString('base64url'));
        return subscription(made.at(-1)!, 'https://push.example/new');
      },
    },
    made,
    unsubscribed: () => unsubscribed,
  };
}

const KEY = Buffer.from('the server key, 65 bytes or so').toString('base64url');
const OLD = Buffer.from('a rotated-out key').toString('base64url');

describe('subscribeForKey', () => {
  it('keeps a subscription made with the same key', async () => {
    const p = pushManager(KEY);
    const body = await subscribeForKey(p.manager, KEY);
    expect(body).toEqual({
      endpoint: 'https://push.example/old',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    });
    expect(p.made).toEqual([]);
  });

  it('makes a new one when the keys were rotated, and when there is none', async () => {
    const rotated = pushManager(OLD);
    expect((await subscribeForKey(rotated.manager, KEY)).endpoint).toBe('https://push.example/new');
    expect(rotated.unsubscribed()).toBe(1);
    expect(rotated.made).toEqual([KEY]);
    const none = pushManager(null);
    expect((await subscribeForKey(none.manager, KEY)).endpoint).toBe('https://push.example/new');
  });
});
