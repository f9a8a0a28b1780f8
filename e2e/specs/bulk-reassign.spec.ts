import type { BulkReassignLine, BulkReassignProposal } from '@dastak/core/entities/bulk-reassign';
import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { login, users } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { fieldHoursTest } from '../fixtures/field-hours';
import { OrdersApi } from '../fixtures/order-actions-api';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * Reassign all pickups (issue 17): an admin opens a rider's detail page, reviews the solver's
 * proposal for every pending pickup, changes one line, drops one, and commits; the orders read
 * back through the API carry the new riders, and the dropped one stays with the first rider.
 */

const baseUrl = inject('baseUrl');
const session = useBrowser();
let api: OrdersApi;
beforeAll(async () => {
  api = await OrdersApi.login(baseUrl, users.admin());
});

async function proposalOf(riderId: number): Promise<BulkReassignProposal> {
  const { status, data } = await api.request<BulkReassignProposal>(
    'POST',
    `/riders/${riderId}/reassign-all/proposal/`,
  );
  expect(status).toBe(200);
  return data;
}

/** Riders holding pending pickups now (demo data: orders assigned or reached today). */
async function ridersWithPickups(): Promise<number[]> {
  const orders = await api.orders('blood', { states: 'assigned,reached' });
  const ids = new Set<number>();
  for (const o of orders.slice(0, 40)) {
    const detail = await api.order('blood', o.id);
    if (detail.assignedRider) ids.add(detail.assignedRider.id);
  }
  return [...ids];
}

/** A line to change (a candidate other than its proposal) and another to drop, if any. */
function pickLines(lines: BulkReassignLine[]) {
  const change = lines.find((l) => l.candidates.some((c) => c.id !== l.proposedRider?.id));
  if (!change) return null;
  const drop = lines.find((l) => l !== change && l.proposedRider !== null);
  if (!drop) return null;
  const to = change.candidates.find((c) => c.id !== change.proposedRider?.id)!;
  return { change, to, drop };
}

async function openDialog(page: Page, riderId: number, name: string) {
  await page.goto(session.app(`/riders/detail/${riderId}`));
  await visible(heading(page, name));
  await page.getByRole('button', { name: M.BUTTON }).click();
  const dialog = page.getByRole('dialog', { name: M.TITLE });
  await visible(dialog);
  return dialog;
}

describe('Reassign all pickups', () => {
  fieldHoursTest('06:00', '18:30')(
    'changes one line, drops one, commits, and the orders show the new riders',
    async () => {
      const { page } = session;
      await login(page, baseUrl, users.admin());
      let chosen: { riderId: number; proposal: BulkReassignProposal } | null = null;
      for (const riderId of await ridersWithPickups()) {
        const proposal = await proposalOf(riderId);
        if (proposal.lines.length >= 2 && pickLines(proposal.lines)) {
          chosen = { riderId, proposal };
          break;
        }
      }
      expect(
        chosen,
        'a rider with two pending pickups and another rider to take one',
      ).not.toBeNull();
      const { riderId, proposal } = chosen!;
      const { change, to, drop } = pickLines(proposal.lines)!;

      const dialog = await openDialog(page, riderId, proposal.rider.name);
      await visible(dialog.getByTestId('bulk-line').first());
      expect(await dialog.getByTestId('bulk-line').count()).toBe(proposal.lines.length);
      // Change one line's rider.
      await dialog.getByRole('textbox', { name: `New rider for ${change.number}` }).click();
      await page.getByRole('option', { name: to.name, exact: true }).click();
      // Drop another.
      await dialog.getByRole('checkbox', { name: `Keep ${drop.number}` }).uncheck();
      // The reason.
      await dialog.getByRole('textbox', { name: 'Reason' }).click();
      await page.getByRole('option').first().click();
      await dialog.getByLabel(M.NOTE_LABEL).fill('Rider fell sick');
      await screenshot(page, 'bulk-reassign');
      await dialog.getByRole('button', { name: M.COMMIT, exact: true }).click();
      await visible(toast(page, 'reassigned'));
      await dialog.waitFor({ state: 'hidden' });

      const changed = await api.order(change.vertical, change.orderId);
      expect(changed.assignedRider?.id).toBe(to.id);
      const dropped = await api.order(drop.vertical, drop.orderId);
      expect(dropped.assignedRider?.id).toBe(riderId);
      for (const line of proposal.lines) {
        if (line === change || line === drop || !line.proposedRider) continue;
        expect((await api.order(line.vertical, line.orderId)).assignedRider?.id).toBe(
          line.proposedRider.id,
        );
      }
      // The order detail shows the new rider.
      await page.goto(session.app(`/${change.vertical}/orders/detail/${change.orderId}`));
      await visible(heading(page, change.number));
      await visible(page.getByText(to.name).first());
    },
  );

  test('the dialog opens from the rider detail page at any hour', async () => {
    const { page } = session;
    await login(page, baseUrl, users.admin());
    const riders = await api.get<{
      results: { id: number; firstName: string; lastName: string }[];
    }>('/entity/riders/', { pageSize: 5 });
    const withPickups = await ridersWithPickups();
    const id = withPickups[0] ?? riders.results[0]!.id;
    const proposal = await proposalOf(id);
    const dialog = await openDialog(page, id, proposal.rider.name);
    if (proposal.lines.length === 0) await visible(dialog.getByText(M.EMPTY));
    else await visible(dialog.getByTestId('bulk-line').first());
    await screenshot(page, 'bulk-reassign-open');
  });
});
