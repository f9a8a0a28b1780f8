import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { EMPTY, PARTIAL_ORDER_MESSAGES } from '@dastak/core/messages';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { truncatePatientName } from '@dastak/core/rules/truncate';
import { describe, expect, test } from 'vitest';
import { screenshot } from '../fixtures/browser';
import type { Page_ } from '../fixtures/order-actions-api';
import { useStaffPages } from '../fixtures/staff-pages';
import { appPath, toast, visible } from '../fixtures/ui';

const pages = useStaffPages();
const base = () => new URL(pages.dispatcher.url()).origin;

const partials = (query: Record<string, string | number> = {}) =>
  pages.api.get<Page_<PartialOrderDetail>>('/orders/partial-order/', { pageSize: 100, ...query });

const table = () => pages.dispatcher.getByRole('table', { name: 'Partial Orders' });
const rows = () => table().locator('tbody tr');
/** The Patient cell's first line of every row, in order. */
const shownNames = () => rows().locator('td:nth-child(3) p:first-child').allTextContents();
const shownName = (o: PartialOrderDetail) => truncatePatientName(o.name);

async function resultCount(): Promise<number> {
  const title = pages.dispatcher.getByRole('heading', {
    level: 1,
    name: /^Partial Orders - \d+ results$/,
  });
  await visible(title);
  return Number((await title.textContent())?.match(/(\d+) results/)?.[1]);
}

/** The table shows the server's first page for the filters the URL stands for. */
async function expectViewMatches(query: Record<string, string | number>) {
  const expected = await partials({ pageSize: 20, ...query });
  await expect.poll(resultCount).toBe(expected.count);
  if (expected.count === 0) await visible(pages.dispatcher.getByText(EMPTY.NO_ORDERS));
  else await expect.poll(shownNames).toEqual(expected.results.map(shownName));
  return expected;
}

async function openList(query = '') {
  await pages.dispatcher.goto(`${base()}/app/partial-orders${query}`);
}

describe('partial orders list', () => {
  test('lists open partial orders with a count, the columns of §2.4 and a side panel', async () => {
    const page = pages.dispatcher;
    await openList();
    const view = await expectViewMatches({});
    expect(view.count).toBeGreaterThan(0);
    expect(view.results.every((o) => o.state === 'NEW')).toBe(true);
    const searchBox = page.getByRole('searchbox', { name: 'Search partial orders' });
    expect(await searchBox.getAttribute('placeholder')).toBe('Order ID');
    for (const column of ['SN', 'City', 'Patient', 'Address', 'Status', 'Collection Time']) {
      await visible(table().getByRole('columnheader', { name: column, exact: true }));
    }
    const first = view.results[0]!;
    const row = rows().first();
    await visible(row.getByText(first.city!.name, { exact: true }));
    await visible(row.getByText(first.phone, { exact: true }));
    await visible(row.getByText('New', { exact: true }));
    await visible(row.getByText(first.timeSlot!, { exact: true }));

    await row.getByRole('button', { name: `View partial order ${first.id}` }).click();
    const panel = page.getByRole('dialog', { name: 'Partial Order' });
    for (const label of [
      'Order ID',
      'Patient Name',
      'City',
      'Phone',
      'Date',
      'Time Slot',
      'Address',
    ]) {
      await visible(panel.getByText(label, { exact: true }));
    }
    await visible(panel.getByText(String(first.id), { exact: true }));
    await visible(panel.getByText(first.name, { exact: true }));
    await visible(panel.getByText(first.address, { exact: true }));
    expect(await panel.getByRole('link', { name: 'Create Order' }).getAttribute('href')).toBe(
      `/app/blood/orders/create/${first.id}`,
    );
    await screenshot(page, 'partial-orders-panel');
    await panel.getByRole('button', { name: 'Close partial order' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await screenshot(page, 'partial-orders-list');
  });

  test('more rows come with Load More and with a scroll to the bottom', async () => {
    const page = pages.dispatcher;
    const { count } = await partials();
    expect(count).toBeGreaterThan(20);
    await openList();
    await expect.poll(() => rows().count()).toBe(20);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => rows().count()).toBe(Math.min(count, 40));
    await openList();
    await expect.poll(() => rows().count()).toBe(20);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => rows().count()).toBe(Math.min(count, 40));
  });

  test("search 'Order ID' by id and by name, kept in the URL; clearing restores", async () => {
    const page = pages.dispatcher;
    await openList();
    const all = await expectViewMatches({});
    const target = all.results[Math.min(2, all.results.length - 1)]!;
    const searchBox = page.getByRole('searchbox', { name: 'Search partial orders' });
    await searchBox.fill(String(target.id));
    await searchBox.press('Enter');
    await page.waitForURL(/search=/);
    const byId = await expectViewMatches({ search: target.id });
    expect(byId.results.map((o) => o.id)).toContain(target.id);
    await searchBox.fill(target.name.toUpperCase());
    await searchBox.press('Enter');
    await expectViewMatches({ search: target.name.toUpperCase() });
    expect(await shownNames()).toContain(shownName(target));
    await searchBox.fill('');
    await expect.poll(() => appPath(page)).not.toContain('search=');
    await expect.poll(resultCount).toBe(all.count);
  });

  test('pickup filters live in the URL; Collection Time sorts ascending then descending', async () => {
    const page = pages.dispatcher;
    const from = toKarachiIso(new Date(Date.now() + 2 * 3600_000)).replace(/\.\d+/, '');
    const to = toKarachiIso(new Date(Date.now() + 48 * 3600_000)).replace(/\.\d+/, '');
    await openList(`?pickupFrom=${encodeURIComponent(from)}&pickupTo=${encodeURIComponent(to)}`);
    const windowed = await expectViewMatches({ pickupFrom: from, pickupTo: to });
    expect(windowed.count).toBeLessThan((await partials()).count);
    await visible(page.getByLabel('2 filters applied'));

    const sort = table().getByRole('button', { name: 'Collection Time' });
    await sort.click();
    await page.waitForURL(/sorting=pickup/);
    const asc = await expectViewMatches({ pickupFrom: from, pickupTo: to, ordering: 'pickup' });
    const times = asc.results.map((o) => Date.parse(o.pickup));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await sort.click();
    await page.waitForURL(/sorting=-pickup/);
    await expectViewMatches({ pickupFrom: from, pickupTo: to, ordering: '-pickup' });
    await page.reload();
    await expectViewMatches({ pickupFrom: from, pickupTo: to, ordering: '-pickup' });

    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await visible(panel.getByRole('button', { name: 'Pickup From' }));
    await screenshot(page, 'partial-orders-filters');
    await panel.getByRole('button', { name: 'Clear' }).click();
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => appPath(page)).not.toContain('pickupFrom');
    await expectViewMatches({ ordering: '-pickup' });
  });

  test('a row or its edit icon opens the blood create page with the id', async () => {
    const page = pages.dispatcher;
    await openList();
    const view = await expectViewMatches({});
    const [first, second] = view.results;
    await rows().first().locator('td').nth(3).click();
    await page.waitForURL(`**/app/blood/orders/create/${first!.id}`);
    await openList();
    await expectViewMatches({});
    await rows()
      .nth(1)
      .getByRole('button', { name: `Edit partial order ${second!.id}` })
      .click();
    await page.waitForURL(`**/app/blood/orders/create/${second!.id}`);
  });

  test('delete asks, cancels on the server and the row leaves the list', async () => {
    const page = pages.dispatcher;
    await openList();
    const before = await expectViewMatches({});
    // The last row of the first page, so other specs' first rows stay put.
    const victim = before.results[before.results.length - 1]!;
    await table()
      .getByRole('button', { name: `Delete partial order ${victim.id}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel partial order' });
    await visible(dialog.getByText(`Cancel partial order ${victim.id}`, { exact: false }));
    await screenshot(page, 'partial-orders-delete');
    await dialog.getByRole('button', { name: 'Cancel Partial Order' }).click();
    await visible(toast(page, PARTIAL_ORDER_MESSAGES.CANCELLED));
    await expect.poll(resultCount).toBe(before.count - 1);
    const after = await partials();
    expect(after.results.map((o) => o.id)).not.toContain(victim.id);
    const gone = await pages.api.get<PartialOrderDetail>(`/orders/partial-order/${victim.id}/`);
    expect(gone.state).toBe('CANCELLED');
    await expect
      .poll(() =>
        table()
          .getByRole('button', { name: `Delete partial order ${victim.id}` })
          .count(),
      )
      .toBe(0);
  });

  test('an agent without Can change order sees no delete icon', async () => {
    const page = pages.agent;
    await page.goto(`${base()}/app/partial-orders`);
    const agentTable = page.getByRole('table', { name: 'Partial Orders' });
    await visible(agentTable.locator('tbody tr'));
    expect(await agentTable.getByRole('button', { name: /^Edit partial order/ }).count()).toBe(
      await agentTable.locator('tbody tr').count(),
    );
    expect(await agentTable.getByRole('button', { name: /^Delete partial order/ }).count()).toBe(0);
  });
});
