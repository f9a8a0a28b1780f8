import fs from 'node:fs';
import path from 'node:path';
import { API_REPLIES, type ApiCall } from '@dastak/core/api-replies';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from './test/test-app';

const CORE = path.resolve(import.meta.dirname, '../../../packages/core/src');

/** Every zod schema core exports, by identity. */
async function coreSchemas(): Promise<Set<unknown>> {
  const found = new Set<unknown>();
  const files = fs
    .readdirSync(CORE, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const file of files) {
    const mod = (await import(path.join(CORE, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) if (value instanceof z.ZodType) found.add(value);
  }
  return found;
}

const routes: RouteOptions[] = [];
let core: Set<unknown>;
let close: () => Promise<void>;

beforeAll(async () => {
  core = await coreSchemas();
  const t = await createTestApp({}, { onRoute: (r) => routes.push(r) });
  close = t.close;
});
afterAll(() => close?.());

describe('the route table', () => {
  it('answers every route with a response schema from core', () => {
    const outside: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, schema] of Object.entries(response)) {
        checked += 1;
        if (!core.has(schema))
          outside.push(`${[route.method].flat().join(',')} ${route.url} ${status}`);
      }
    }
    // Every response schema is a core export, so clients parse what the server sends with the
    // same schema (ADR 0020, "Response schemas"). Listed by route when one is not.
    expect(outside, 'response schemas not from core').toEqual([]);
    // The table was really walked: about 140 paths answer, most with one schema a method.
    expect(checked).toBeGreaterThan(100);
  });

  it('answers each call with the schema its clients read it by (core api-replies)', () => {
    const differs: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      if (!route.url.startsWith('/api/v1/')) continue;
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(response).find(([status]) => status.startsWith('2'));
      if (!success) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const call = `${method} ${route.url.slice('/api/v1'.length)}`;
        seen.add(call);
        if (API_REPLIES[call as ApiCall] !== success[1] && call !== 'GET /realtime/stream')
          differs.push(call);
      }
    }
    // A client's Reply<call> is the schema the route serialises with, or the test names the call.
    expect(differs, 'routes answering with another schema than API_REPLIES lists').toEqual([]);
    const unrouted = Object.keys(API_REPLIES).filter((call) => !seen.has(call));
    expect(unrouted, 'API_REPLIES calls no route answers').toEqual([]);
  });
});
