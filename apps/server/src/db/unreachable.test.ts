import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@dastak/core/messages';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors';
import { adminQuery } from '../test/db-template';
import { MIGRATIONS_DIR, openDb } from './client';
import { describeStartFailure } from './unreachable';

/** What a start prints for DATABASE_URL, from the error openDb really raised. */
async function startLine(url: string) {
  const err = await openDb({ databaseUrl: url }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the database opened').toBeDefined();
  return describeStartFailure(err, url);
}

/** Nothing listens on port 1 of loopback. */
const NOBODY = 'postgres://dastak:s3cret@127.0.0.1:1/dastak';

describe('a start that cannot reach its database says why in one line', () => {
  it('names a refused connection and the URL, never the password', async () => {
    const line = await startLine(NOBODY);
    expect(line).toBe(
      'Cannot start on the database: nothing is listening at that host and port ' +
        '(is PostgreSQL running?) (DATABASE_URL=postgres://dastak:***@127.0.0.1:1/dastak)',
    );
  });

  it('names an unknown host and a malformed URL (which it does not echo)', async () => {
    expect(await startLine('postgres://dastak@no-such-host.invalid/dastak')).toMatch(
      /^Cannot start on the database: the host name (is unknown|could not be resolved)/,
    );
    const malformed = await startLine('postgres://dastak:s3cret@db:port/dastak');
    expect(malformed).toMatch(/DATABASE_URL is not a valid postgres:\/\/ URL/);
    expect(malformed).not.toContain('s3cret');
  });

  // These need a PostgreSQL server to refuse them (the PostgreSQL pass).
  const base = process.env.TEST_DATABASE_URL;
  it.runIf(base)('names a missing database and a missing role', async () => {
    const url = new URL(base ?? '');
    url.pathname = '/dastak_no_such_database';
    expect(await startLine(url.toString())).toMatch(/the database does not exist/);
    const role = new URL(base ?? '');
    role.username = 'no_such_role';
    expect(await startLine(role.toString())).toMatch(
      /the role does not exist|the password was refused/,
    );
  });

  it.runIf(base)('three servers started at once on a new database all come up', async () => {
    // A database made empty, not from the migrated template: every server finds work to do.
    const name = `dastak_t_three_${Date.now()}`;
    await adminQuery(base ?? '', `create database ${name}`);
    const url = new URL(base ?? '');
    url.pathname = `/${name}`;
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDb({ databaseUrl: url.toString() })),
      );
      await Promise.all(handles.map((h) => h.close()));
      // Each migration applied once.
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      await client.end();
      const journal = JSON.parse(
        fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(rows[0].n).toBe(journal.entries.length);
    } finally {
      await adminQuery(base ?? '', `drop database if exists ${name} with (force)`);
    }
  });
});

describe('a call the database cannot serve', () => {
  it('answers 503 with Retry-After, not 500', async () => {
    // The driver's real error: a pool whose database is down.
    const pool = new pg.Pool({ connectionString: NOBODY });
    const db = drizzle({ client: pool });
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/orders', async () => (await db.execute(sql`select 1`)).rows);
    try {
      const res = await app.inject({ url: '/orders' });
      expect([res.statusCode, res.headers['retry-after'], res.json()]).toEqual([
        503,
        '5',
        { detail: ERRORS.DATABASE_UNAVAILABLE },
      ]);
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
