import { orderSchema } from '@dastak/core/entities/orders';
import { ALL_PERMISSIONS } from '@dastak/core/permissions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { generateDemoData } from '../../../demo/generate';
import { bearer, createTestApp, createUser, login } from '../../../test/test-app';

/**
 * The detail of every demo order (every state, both verticals, reviews, rider feedback,
 * prescriptions) is a valid core Order: the console never meets a shape the schema refuses.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await generateDemoData(t.db, { orders: 200, staffPassword: 'demo-pass-123', seed: 7 });
  const u = await createUser(t, ALL_PERMISSIONS);
  auth = bearer((await login(t.app, u.email, u.password)).token);
}, 120_000);
afterAll(() => t.close());

it('answers a valid Order for every demo order', async () => {
  const rows = await t.db.select({ id: orders.id, vertical: orders.vertical }).from(orders);
  expect(rows.length).toBeGreaterThanOrEqual(200);
  const seen = { states: new Set<string>(), reviews: 0, feedback: 0, late: 0 };
  for (const row of rows) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${row.vertical}/${row.id}/`,
      headers: auth,
    });
    expect(res.statusCode, `${row.id}: ${res.body}`).toBe(200);
    const order = orderSchema.strict().parse(res.json());
    seen.states.add(`${order.vertical}:${order.state}`);
    if (order.review) seen.reviews++;
    if (order.riderToPatientFeedback) seen.feedback++;
    if (order.lateTimedelta) seen.late++;
  }
  // The sample covers what the page shows: many states, reviews and rider feedback.
  expect(seen.states.size).toBeGreaterThan(6);
  expect(seen.reviews).toBeGreaterThan(0);
  expect(seen.feedback).toBeGreaterThan(0);
}, 120_000);
