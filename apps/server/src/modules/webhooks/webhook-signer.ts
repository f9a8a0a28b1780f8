import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's scheme (docs/decisions/0067-webhooks.md): `Dastak-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 with the subscription's secret over `${t}.${rawBody}`. The timestamp
 * inside the signed text lets a receiver refuse replays older than its tolerance.
 */
export const SIGNATURE_HEADER = 'Dastak-Signature';
export const EVENT_ID_HEADER = 'Dastak-Event-Id';

/** A new signing secret: 32 random bytes, prefixed so that a leaked one is recognisable. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function sign(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The receiver's check, as the README's recipe does it: parse t and v1, recompute, compare in
 * constant time, and refuse a timestamp more than `toleranceSeconds` away from now.
 */
export function verify(
  secret: string,
  rawBody: string,
  header: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts.v1)
    return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
