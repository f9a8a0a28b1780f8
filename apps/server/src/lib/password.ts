import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

type ScryptCost = { N: number; r: number; p: number };

/**
 * What every password is hashed with: N=2^15, r=8, p=1, OWASP's recommended floor; 50-200 ms of
 * CPU a hash on the machines we run on.
 */
export const SCRYPT_COST: ScryptCost = { N: 32768, r: 8, p: 1 };
const MAXMEM = 64 * 1024 * 1024;
const KEYLEN = 32;

let cost = SCRYPT_COST;

/**
 * The server test files' cost (test/setup-password-cost.ts, vitest only): the suites hash about
 * 300 passwords and check 400 a pass, which at the real cost was a sixth of their CPU
 * (docs/decisions/0005-test-pipeline.md). The code path and the stored format are the same;
 * a hash carries its own parameters, so it verifies whatever the cost in force. Refused outside
 * vitest, so no configuration or server can lower a real hash's cost.
 */
export function useTestScryptCost(N: number): void {
  if (!process.env.VITEST) throw new Error('The test scrypt cost is for vitest runs only');
  cost = { ...SCRYPT_COST, N };
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEYLEN, { ...cost, maxmem: MAXMEM });
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, saltB64, hashB64] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return timingSafeEqual(actual, expected);
}
