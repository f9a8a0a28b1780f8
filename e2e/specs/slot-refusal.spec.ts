import type { Order } from '@dastak/core/entities/orders';
import { ORDER_MESSAGES } from '@dastak/core/messages';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { beforeAll, describe, expect, test } from 'vitest';
import { screenshot } from '../fixtures/browser';
import { createOnlineOrder, type OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { useStaffPages } from '../fixtures/staff-pages';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * A slot taken while the reschedule dialog is open (ADR 0021): another agent books its last
 * place, the server refuses the reschedule with 'no longer available', the console shows that as
 * a toast and offers the slots as they now stand.
 */

const baseUrl = serverUrl();
const app = (path: string) => `${baseUrl}/app${path}`;
const staff = useStaffPages();
let api: OrdersApi;
const used = new Set<number>();
beforeAll(() => {
  api = staff.api;
});

type Slot = { id: string; dateTime: string };

const slotsOf = async (order: Order, date: string, orderId?: number) => {
  const { data } = await api.request<Slot[]>('POST', `/orders/${order.vertical}/time-slots/`, {
    body: { date, regionId: order.region, isCovid: order.isCovid, ...(orderId ? { orderId } : {}) },
  });
  return data;
};

/** Books orders like `order` at the slot until the time-slots call stops offering it. */
async function fillSlot(order: Order, date: string, slot: string): Promise<number[]> {
  const booked: number[] = [];
  for (let i = 0; i < 100; i++) {
    if (!(await slotsOf(order, date)).some((s) => s.id === slot)) return booked;
    const { status, data } = await api.request<{ id: number }>(
      'POST',
      `/orders/${order.vertical}/`,
      {
        body: {
          patient: order.patient.id,
          customer: order.customer.id,
          customerAddress: order.customerAddress.id,
          region: order.region,
          scanType: order.scanTypes.map((s) => s.scanType.code),
          date,
          timeSlot: slot,
          orderSource: order.orderSource,
          orderType: 1,
          vertical: order.vertical,
          fulfillmentMethod: 'online',
        },
      },
    );
    expect(status, JSON.stringify(data)).toBe(201);
    booked.push(data.id);
  }
  throw new Error(`Slot ${date} ${slot} still offered after 100 bookings`);
}

describe('a slot taken meanwhile', () => {
  test('the reschedule dialog shows the refusal and the slots as they now stand', async () => {
    const page = staff.dispatcher;
    const order = await createOnlineOrder(api, 'blood', used, 180);
    let date = '';
    let slot: Slot | undefined;
    for (let days = 1; days <= 7 && !slot; days++) {
      // Days after the order's own: on its own day the first slot can be the order's, which a
      // reschedule keeps even when every other place is taken (late in the day it is tomorrow).
      date = karachiDateString(new Date(Date.parse(order.pickup) + days * 86_400_000));
      slot = (await slotsOf(order, date, order.id))[0];
    }
    expect(slot, 'no day with free slots in the coming week').toBeDefined();

    await page.goto(app(`/${order.vertical}/orders/detail/${order.id}`));
    await visible(heading(page, order.number));
    await page
      .getByRole('toolbar', { name: 'Order actions' })
      .getByRole('button', { name: 'Reschedule', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Re-schedule Order' });
    await visible(dialog);
    const dayLabel = (d: Date) =>
      d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    const day = dialog.getByRole('button', {
      name: dayLabel(new Date(`${date}T12:00:00+05:00`)),
      exact: true,
    });
    if (!(await day.count())) await dialog.locator('[data-direction="next"]').click();
    await day.click();
    const slots = dialog.getByRole('radiogroup', { name: 'Time slots' });
    await visible(slots);
    const first = slots.locator('label').first();
    const label = (await first.textContent())?.trim() ?? '';
    // The slot the user picks, which may not be the one the API offered first a moment ago:
    // the specs beside this one book slots too.
    const picked = await slots.locator('input').first().getAttribute('value');
    expect(picked).toBeTruthy();
    await first.click();
    await dialog.getByRole('textbox', { name: /^Reason/ }).click();
    await page.getByRole('option').first().click();

    // Another agent takes the slot's last place now.
    const fillers = await fillSlot(order, date, picked!);
    expect(fillers.length).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Re-schedule Order' }).click();
    await visible(toast(page, ORDER_MESSAGES.SLOT_UNAVAILABLE));
    await visible(dialog);
    await expect
      .poll(async () => (await slots.locator('label').allTextContents()).map((t) => t.trim()), {
        timeout: 10_000,
      })
      .not.toContain(label);
    await screenshot(page, 'slot-refusal-reschedule');
    expect((await api.order(order.vertical, order.id)).pickup).toBe(order.pickup);

    // Leave the region's slots as they were for the specs beside this one.
    const [reason] = await api.get<{ id: number }[]>('/orders/cancellation-strings/', {
      vertical: order.vertical,
    });
    for (const id of [...fillers, order.id]) {
      await api.request('POST', `/orders/${order.vertical}/${id}/cancel/`, {
        body: { cancellationStringId: reason!.id },
      });
    }
  });
});
