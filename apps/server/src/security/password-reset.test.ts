import { ERRORS, SUCCESS } from '@dastak/core/messages';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/outbox';
import { passwordResetTokens } from '../db/schema/users';
import { sha256 } from '../modules/auth/auth.service';
import { bearer, createTestApp, createUser, login, randomAddress } from '../test/test-app';

/**
 * Password reset links (ADR 0053): the newest link is the only one that works, a reset
 * cancels every link of the user and ends every session, and asking costs the same time whether
 * or not the account exists.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth${url}`,
    payload,
    headers,
    remoteAddress: randomAddress(),
  });

/** Asks for a link and reads it from the email in the outbox, as the user would. */
async function requestLink(email: string): Promise<string> {
  const res = await post('/password-reset-request/', { email });
  expect(res.json()).toEqual({ detail: SUCCESS.PASSWORD_RESET_REQUESTED });
  const mails = await t.db.select().from(outbox).where(eq(outbox.kind, 'email'));
  const text = mails
    .map((m) => m.payload as { to: string; text: string })
    .filter((p) => p.to === email)
    .at(-1)?.text;
  const token = text?.match(/\/app\/password-reset\/([\w-]+)/)?.[1];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

describe('password reset links', () => {
  it('a new request supersedes the older link', async () => {
    const u = await createUser(t);
    const older = await requestLink(u.email);
    const newer = await requestLink(u.email);
    const stale = await post('/password-reset/', { token: older, password: 'brand-new-pw' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toBe(ERRORS.INVALID_RESET_TOKEN);
    expect(
      (await post('/password-reset/', { token: newer, password: 'brand-new-pw' })).statusCode,
    ).toBe(200);
  });

  it('a reset cancels every outstanding link of the user and ends every session at once', async () => {
    const u = await createUser(t, ALL_PERMISSIONS);
    const s = await login(t.app, u.email, u.password);
    const orders = () => t.app.inject({ url: '/api/v1/orders/blood/', headers: bearer(s.token) });
    expect((await orders()).statusCode).toBe(200);
    const link = await requestLink(u.email);
    // A link issued before links superseded each other, still outstanding.
    const outstanding = 'outstanding-link-from-before';
    await t.db.insert(passwordResetTokens).values({
      userId: u.id,
      tokenHash: sha256(outstanding),
      expiresAt: new Date(Date.now() + 600_000),
    });

    expect(
      (await post('/password-reset/', { token: link, password: 'brand-new-pw' })).statusCode,
    ).toBe(200);

    const other = await post('/password-reset/', { token: outstanding, password: 'thief-pw-123' });
    expect(other.statusCode).toBe(400);
    const after = await orders();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: ERRORS.INVALID_TOKEN });
  });

  it('takes the same time whether or not the account exists (medians within 1.5x)', async () => {
    const u = await createUser(t);
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await post('/password-reset-request/', { email });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Interleaved, so a change in the machine's load falls on both sides.
    for (let i = 0; i < 8; i++) {
      known.push(await timed(u.email));
      unknown.push(await timed(`ghost-${i}@test.local`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
  }, 30_000);
});
