import { WEBHOOK_EVENTS } from '@dastak/core/entities/webhooks';
import { expect } from 'vitest';
import {
  api,
  bringPickupNear,
  createRider,
  type Fixtures,
  placeOrder,
} from '../../test/fixtures/orders.fixtures';

/**
 * An order's life for the webhook tests (webhooks.test.ts in process, ops/webhook-restart.test.ts
 * across a killed server): subscribing through the API, and the order walked through it one
 * event per step.
 */

const at = { latitude: 31.5206, longitude: 74.3506 };

/** The events of `life()`, in the order a subscriber must receive them. */
export const LIFE = [
  'order.created',
  'order.assigned',
  'order.reached',
  'order.collected',
  'order.delivered',
  'tubes.handed_over',
];

export async function subscribe(
  f: Fixtures,
  manage: Record<string, string>,
  url: string,
  events: readonly string[] = WEBHOOK_EVENTS,
) {
  const res = await api(f).post('/webhooks/', { url, events }, manage);
  expect(res.statusCode).toBe(201);
  const body = res.json();
  return { id: body.subscription.id as number, secret: body.secret as string };
}

let labelSeq = 0;
const label = () => `T-WH${Date.now().toString(36).toUpperCase()}-${++labelSeq}`;

/** An order's life through the API, step by step: each step one event. */
export async function life(f: Fixtures) {
  const order = await placeOrder(f, 'blood');
  const rider = await createRider(f);
  const tube = label();
  const steps = [
    async () => {
      const res = await api(f).post(`/orders/blood/${order.id}/request/`, {
        rider_ids: [rider.id],
      });
      expect(res.statusCode).toBe(200);
      await bringPickupNear(f, order.id);
    },
    async () => {
      const res = await api(f).post(`/rider-app/orders/${order.id}/reached/`, at, rider.auth);
      expect(res.statusCode).toBe(200);
    },
    async () => {
      const res = await api(f).post(
        `/rider-app/orders/${order.id}/collected/`,
        { ...at, tube_labels: [tube] },
        rider.auth,
      );
      expect(res.statusCode).toBe(200);
    },
    async () => {
      const res = await api(f).post(
        '/rider-app/deliver/',
        { collection_center_id: f.nearCenter, handed_over_labels: [tube] },
        rider.auth,
      );
      expect(res.statusCode).toBe(200);
    },
  ];
  return { order, rider, tube, steps };
}
