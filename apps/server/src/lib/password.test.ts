import { execFile } from 'node:child_process';
import { randomBytes, scryptSync } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_COST, useTestScryptCost, verifyPassword } from './password';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

describe('password hashes', () => {
  it('verify the right password only, at the cost they were made with', async () => {
    const stored = await hashPassword('correct horse');
    // The server test files' cost (test/setup-password-cost.ts), carried in the hash.
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('correct horse', null)).toBe(false);
    expect(await verifyPassword('correct horse', 'md5$abc')).toBe(false);
  });

  it('a hash at the real cost verifies too: the parameters are read from the hash', async () => {
    const salt = randomBytes(16);
    const { N, r, p } = SCRYPT_COST;
    const hash = scryptSync('s3cret', salt, 32, { N, r, p, maxmem: 64 * 1024 * 1024 });
    const stored = ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join(
      '$',
    );
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('s3creT', stored)).toBe(false);
  });

  it('outside vitest the cost is the real one, N=2^15, and cannot be lowered', async () => {
    expect(SCRYPT_COST).toEqual({ N: 32768, r: 8, p: 1 });
    const script = `
      import { hashPassword, useTestScryptCost } from './src/lib/password.ts';
      let refused = false;
      try { useTestScryptCost(2); } catch { refused = true; }
      console.log(JSON.stringify({ refused, stored: await hashPassword('x') }));`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.VITEST;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: SERVER_ROOT, env },
    );
    const { refused, stored } = JSON.parse(stdout) as { refused: boolean; stored: string };
    expect(refused).toBe(true);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    // In this process (vitest) the setter is allowed: the setup file used it.
    expect(() => useTestScryptCost(1024)).not.toThrow();
  });
});
