import { TEST_LINES_MAX, TEST_QUANTITY_MAX } from '@dastak/core/constants';
import { TEST_LIMIT_MESSAGES } from '@dastak/core/messages/test-limits';
import { PERMISSIONS } from '@dastak/core/permissions';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createBody,
  createFixtures,
  type Fixtures,
  placeOrder,
  tokenWith,
} from '../../../test/fixtures/orders.fixtures';
import { createTestApp } from '../../../test/test-app';

/**
 * An order's tests are bounded wherever they are sent (create, edit tests, a channel's partial
 * order): each code at most TEST_QUANTITY_MAX times, at most TEST_LINES_MAX different codes.
 */
let f: Fixtures;
let channel: Record<string, string>;
beforeAll(async () => {
  f = await createFixtures(await createTestApp());
  channel = await tokenWith(f.t, [PERMISSIONS.CAN_ADD_PARTIAL_ORDER]);
});
afterAll(() => f.t.close());

const times = (n: number, code = 'CBC') => Array.from({ length: n }, () => code);
const distinct = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);

describe('test quantities', () => {
  it('refuses 5,000 x CBC, and one more than the bound, on create', async () => {
    for (const scanType of [times(5000), times(TEST_QUANTITY_MAX + 1)]) {
      const res = await api(f).post('/orders/blood/', { ...createBody(f), scan_type: scanType });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.scanType).toEqual([TEST_LIMIT_MESSAGES.QUANTITY_MAX]);
    }
    const lines = await api(f).post('/orders/blood/', {
      ...createBody(f),
      scan_type: distinct(TEST_LINES_MAX + 1),
    });
    expect(lines.json().errors.scanType).toEqual([TEST_LIMIT_MESSAGES.LINES_MAX]);
  });

  it('takes the bound and refuses one more when the tests are edited', async () => {
    const order = await placeOrder(f);
    const save = (codes: string[]) =>
      api(f).post(`/orders/update-order-scan-types/${order.id}/`, { scan_type: codes });
    const ok = await save(times(TEST_QUANTITY_MAX));
    expect(ok.statusCode, ok.body).toBe(200);
    const over = await save(times(TEST_QUANTITY_MAX + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.scanType).toEqual([TEST_LIMIT_MESSAGES.QUANTITY_MAX]);
  });

  it('refuses an over-long list on a partial order', async () => {
    const res = await api(f).post(
      '/orders/partial-order/',
      {
        city: f.cityId,
        name: 'Web Caller',
        phone: '03451234567',
        address: '22 Canal View, Lahore',
        date: karachiDateString(new Date(Date.now() + 86_400_000)),
        time_slot: '02:30 PM - 03:00 PM',
        tests: times(TEST_QUANTITY_MAX + 1, 'Complete Blood Count'),
      },
      channel,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.tests).toEqual([TEST_LIMIT_MESSAGES.QUANTITY_MAX]);
  });
});
