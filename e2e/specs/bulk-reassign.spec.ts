import type { BulkReassignLine, BulkReassignProposal } from '@dastak/core/entities/bulk-reassign';
import type { Region } from '@dastak/core/entities/locations';
import type { Order } from '@dastak/core/entities/orders';
import type { Rider, RiderSummary } from '@dastak/core/entities/riders';
import { BULK_REASSIGN_MESSAGES as M } from '@dastak/core/messages/bulk-reassign';
import { ASSIGNABLE_RIDER_TABS, RIDER_STATE_LABELS, RIDER_STATES } from '@dastak/core/states';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { sharedSession, signIn, storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import {
  assignedRider,
  moveOrderTo,
  onDutyAtDoor,
  RIDERS_TO_TRY,
  type RiderLogin,
  riderLogin,
  riderPost,
  ridersToCall,
  suggestedRiders,
} from '../fixtures/field-riders';
import { createOnlineOrder, OrdersApi } from '../fixtures/order-actions-api';
import { serverUrl } from '../fixtures/server';
import { heading, toast, visible } from '../fixtures/ui';

/*
 * Reassign all pickups, from both entry points: the rider's detail page and the
 * dashboard's rider list. A rider is given two fresh pending pickups (booked inside the
 * auto-assignment horizon, then put on one rider), the dispatcher reviews the solver's proposal,
 * changes a line, drops a line, and commits; the orders read back through the API carry the new
 * riders, the dropped one stays, and the dashboard's list follows. Users without the re-assign
 * permission never see the action.
 */

const baseUrl = serverUrl();
const session = useBrowser();
const used = new Set<number>();
let api: OrdersApi;
beforeAll(async () => {
  api = OrdersApi.withSession(baseUrl, sharedSession('admin'));
});

async function proposalOf(riderId: number): Promise<BulkReassignProposal> {
  const { status, data } = await api.request<BulkReassignProposal>(
    'POST',
    `/riders/${riderId}/reassign-all/proposal/`,
  );
  expect(status).toBe(200);
  return data;
}

/**
 * Candidates on duty, online and with room (the Available and Late tabs): the ones a commit
 * surely takes. The list also offers the other tabs, as the single Re-assign does.
 */
const onDutyWithRoom = (c: BulkReassignLine['candidates'][number]) =>
  c.group === 'availableRiders' || c.group === 'lateRiders';

/** A line to change (a candidate other than its proposal) and another to drop, if any. */
function pickLines(lines: BulkReassignLine[]) {
  const other = (l: BulkReassignLine) =>
    l.candidates.find((c) => onDutyWithRoom(c) && c.id !== l.proposedRider?.id);
  const change = lines.find((l) => other(l));
  if (!change) return null;
  const drop = lines.find((l) => l !== change && l.proposedRider !== null);
  if (!drop) return null;
  return { change, to: other(change)!, drop };
}

type Prepared = {
  holder: RiderLogin;
  orders: Order[];
  proposal: BulkReassignProposal;
  /** The proposal's lines for the two orders booked here, in booking order. */
  ours: BulkReassignLine[];
};

/**
 * A rider of the orders' region holding two fresh pending pickups, with riders on duty at the
 * door able to take either (enough that one line can be changed and another dropped). Which
 * riders are on shift, and what the auto-assignment job hands them, depends on the hour, so the
 * spec books its own orders rather than look for such a rider in the demo data.
 */
async function riderWithTwoPickups(): Promise<Prepared> {
  const orders = [
    await createOnlineOrder(api, 'blood', used, 100),
    await createOnlineOrder(api, 'blood', used, 110),
  ];
  const [first] = orders as [Order];
  let holder = await assignedRider(api, first);
  // The dashboard lists riders by their home region: a wildcard from elsewhere is not there.
  const home = await api.get<Rider>(`/entity/rider/${holder.id}/`);
  if (home.profile.region?.id !== first.region) {
    const [local] = await ridersToCall(api, first, [holder.id]);
    expect(local, `a rider of region ${first.region} to hold the pickups`).toBeDefined();
    holder = await onDutyAtDoor(api, first, local!.id);
  }
  for (const order of orders) await moveOrderTo(api, order, holder);

  const ids = orders.map((o) => o.id);
  const oursOf = (p: BulkReassignProposal) =>
    ids.map((id) => p.lines.find((l) => l.orderId === id)!);
  let proposal = await proposalOf(holder.id);
  expect(oursOf(proposal).every(Boolean), 'both pickups in the proposal').toBe(true);
  const called: string[] = [];
  for (const rider of (await ridersToCall(api, first, [holder.id])).slice(0, RIDERS_TO_TRY)) {
    if (pickLines(oursOf(proposal))) break;
    await onDutyAtDoor(api, first, rider.id);
    called.push(String(rider.id));
    proposal = await proposalOf(holder.id);
  }
  expect(
    pickLines(oursOf(proposal)),
    `a line to change and one to drop; riders called to the door: ${called.join(', ')}`,
  ).not.toBeNull();
  return { holder, orders, proposal, ours: oursOf(proposal) };
}

/**
 * Makes the dialog's choices: `change` goes to `to`, `drop` and every line not booked here are
 * left out (the demo data's own pickups of the rider stay where they are), a reason is chosen.
 */
async function review(
  page: Page,
  dialog: Locator,
  prepared: Prepared,
  choice: { change: BulkReassignLine; to: { name: string }; drop: BulkReassignLine },
) {
  // The dialog makes its own proposal: the job may have given the rider more pickups since.
  const rows = dialog.getByTestId('bulk-line');
  for (const line of prepared.ours) {
    await visible(rows.and(dialog.locator(`[data-order-id="${line.orderId}"]`)));
  }
  await dialog.getByRole('textbox', { name: `New rider for ${choice.change.number}` }).click();
  await page.getByRole('option', { name: choice.to.name, exact: true }).click();
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    if ((await row.getAttribute('data-order-id')) === String(choice.change.orderId)) continue;
    const keep = row.getByRole('checkbox');
    if (await keep.isChecked()) await keep.uncheck();
  }
  await dialog.getByRole('textbox', { name: 'Reason' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel(M.NOTE_LABEL).fill('Rider fell sick');
}

/**
 * Commits; after the toast, the changed order is on its new rider and the dropped one still on
 * the first.
 */
async function commit(
  page: Page,
  dialog: Locator,
  prepared: Prepared,
  choice: { change: BulkReassignLine; to: { id: number }; drop: BulkReassignLine },
) {
  await dialog.getByRole('button', { name: M.COMMIT, exact: true }).click();
  await visible(toast(page, M.reassigned(1)));
  await dialog.waitFor({ state: 'hidden' });
  const changed = await api.order(choice.change.vertical, choice.change.orderId);
  expect(changed.assignedRider?.id).toBe(choice.to.id);
  const dropped = await api.order(choice.drop.vertical, choice.drop.orderId);
  expect(dropped.assignedRider?.id).toBe(prepared.holder.id);
}

const reassignIcon = (scope: Page | Locator, riderName: string) =>
  scope.getByRole('button', { name: `${M.BUTTON} of ${riderName}`, exact: true });

/** Opens the blood dashboard on a region, chosen in its selector, and its Rider List panel. */
async function openDashboardRiderList(page: Page, region: { name: string }): Promise<Locator> {
  await page.goto(session.app('/blood/dashboard'));
  const selector = page.getByRole('textbox', { name: 'Region', exact: true });
  await visible(selector);
  if ((await selector.inputValue()) !== region.name) {
    await selector.click();
    await page.getByRole('option', { name: region.name, exact: true }).click();
  }
  const list = page.getByRole('region', { name: 'Rider List', exact: true });
  await visible(list.getByTestId('rider-line'));
  return list;
}

describe('Reassign all pickups', () => {
  test('from the rider detail: changes one line, drops one, commits, and the orders show the new riders', async () => {
    const { page } = session;
    const prepared = await riderWithTwoPickups();
    const choice = pickLines(prepared.ours)!;
    await storeSession(page, 'admin');
    await page.goto(session.app(`/riders/detail/${prepared.holder.id}`));
    await visible(heading(page, prepared.proposal.rider.name));
    await page.getByRole('button', { name: M.BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: M.TITLE });
    await review(page, dialog, prepared, choice);
    await screenshot(page, 'bulk-reassign');
    await commit(page, dialog, prepared, choice);
    // The order detail shows the new rider.
    const { change, to } = choice;
    await page.goto(session.app(`/${change.vertical}/orders/detail/${change.orderId}`));
    await visible(heading(page, change.number));
    await visible(page.getByText(to.name).first());
  });

  test("from the dashboard's rider list: a dispatcher reviews and commits, and the list follows", async () => {
    const { page } = session;
    const prepared = await riderWithTwoPickups();
    const [first] = prepared.orders as [Order];
    const region = (await api.get<Rider>(`/entity/rider/${prepared.holder.id}/`)).profile.region!;
    const roster = await api.get<RiderSummary[]>('/entity/riders-np/', { regions: region.id });
    // The line moves to a rider of the region who has no pickups yet, so the list visibly
    // changes: that rider's row gains the action once the pickup is theirs.
    const idle = new Set(roster.filter((r) => r.state === RIDER_STATES.IDLE).map((r) => r.id));
    const [change, drop] = prepared.ours as [BulkReassignLine, BulkReassignLine];
    const idleCandidates = change.candidates.filter((c) => idle.has(c.id) && onDutyWithRoom(c));
    let to: { id: number; name: string } | undefined =
      idleCandidates.find((c) => c.id !== change.proposedRider?.id) ?? idleCandidates[0];
    if (!to) {
      const [rider] = await ridersToCall(api, first, [prepared.holder.id]);
      expect(rider, 'an idle rider of the region to take the pickup').toBeDefined();
      to = { id: rider!.id, name: (await onDutyAtDoor(api, first, rider!.id)).name };
      prepared.proposal = await proposalOf(prepared.holder.id);
    }
    const offered = prepared.proposal.lines.find((l) => l.orderId === change.orderId);
    expect(offered?.candidates.map((c) => c.id)).toContain(to.id);
    const lines = prepared.proposal.lines;
    const choice = {
      change: lines.find((l) => l.orderId === change.orderId)!,
      drop: lines.find((l) => l.orderId === drop.orderId)!,
      to,
    };

    await signIn(page, 'dispatcher');
    const list = await openDashboardRiderList(page, region);
    await visible(reassignIcon(list, prepared.holder.name));
    expect(await reassignIcon(list, to.name).count(), 'no action while idle').toBe(0);
    await reassignIcon(list, prepared.holder.name).click();
    const dialog = page.getByRole('dialog', { name: M.TITLE });
    await visible(dialog.getByText(`Pending pickups of ${prepared.holder.name}`));
    await review(page, dialog, prepared, choice);
    await screenshot(page, 'bulk-reassign-dashboard');
    await commit(page, dialog, prepared, choice);

    // The dashboard follows: the new rider's row reads picking up and offers the action; the
    // sick rider keeps the dropped pickup, and with it the action.
    const row = list.getByTestId('rider-line').filter({ has: reassignIcon(page, to.name) });
    await visible(row.getByText(RIDER_STATE_LABELS[RIDER_STATES.PICKING_UP_HAS_CAPACITY]));
    await visible(reassignIcon(list, prepared.holder.name));
    await screenshot(page, 'bulk-reassign-dashboard-after');
  });

  test('the New rider list offers a rider the single Re-assign takes, under its tab', async () => {
    const { page } = session;
    const order = await createOnlineOrder(api, 'blood', used, 90);
    const holder = await assignedRider(api, order);
    // An online, on-duty rider of the order's region, just past the region's northern edge
    // (riding back from a collection centre): the single Re-assign lists and takes this rider;
    // the bulk proposal used to offer nobody.
    const [local] = await ridersToCall(api, order, [holder.id]);
    expect(local, `a rider of region ${order.region} to offer`).toBeDefined();
    const regions = await api.get<{ results: Region[] }>('/location/regions/', {
      vertical: 'blood',
      pageSize: 100,
    });
    const region = regions.results.find((r) => r.id === order.region)!;
    const north = Math.max(...region.polygon.map((p) => p.latitude));
    const rider = await riderLogin(api, local!.id);
    await riderPost(rider, '/location/', { latitude: north + 0.01, longitude: order.longitude });
    await riderPost(rider, '/duty/', { is_on_duty: true });

    const groups = await suggestedRiders(api, order);
    const tab = ASSIGNABLE_RIDER_TABS.find(({ group }) =>
      groups[group].some((e) => e.rider.id === rider.id),
    );
    expect(tab, 'the single Re-assign lists the rider').toBeDefined();
    const line = (await proposalOf(holder.id)).lines.find((l) => l.orderId === order.id);
    expect(line, 'the pickup in the proposal').toBeDefined();
    expect(line!.candidates).toContainEqual({ id: rider.id, name: rider.name, group: tab!.group });

    await storeSession(page, 'admin');
    await page.goto(session.app(`/riders/detail/${holder.id}`));
    await visible(heading(page, holder.name));
    await page.getByRole('button', { name: M.BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: M.TITLE });
    const row = dialog
      .getByTestId('bulk-line')
      .and(dialog.locator(`[data-order-id="${order.id}"]`));
    await visible(row);
    await row.getByRole('textbox', { name: `New rider for ${order.number}` }).click();
    const option = page.getByRole('option', { name: rider.name, exact: true });
    await option.scrollIntoViewIfNeeded();
    await visible(option);
    // Under the single dialog's tab name: Mantine draws each group as a labelled group.
    await visible(
      page
        .getByRole('group', { name: tab!.label })
        .getByRole('option', { name: rider.name, exact: true }),
    );
    await screenshot(page, 'bulk-reassign-new-rider-list');
    // Nothing is committed: the order stays with its rider.
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    expect((await api.order(order.vertical, order.id)).assignedRider?.id).toBe(holder.id);
  });

  test('the dialog opens from the rider detail page at any hour', async () => {
    const { page } = session;
    await signIn(page, 'admin');
    const riders = await api.get<{ results: { id: number }[] }>('/entity/riders/', {
      pageSize: 5,
    });
    const id = riders.results[0]!.id;
    const proposal = await proposalOf(id);
    await page.goto(session.app(`/riders/detail/${id}`));
    await visible(heading(page, proposal.rider.name));
    await page.getByRole('button', { name: M.BUTTON }).click();
    const dialog = page.getByRole('dialog', { name: M.TITLE });
    await visible(dialog.getByText(`Pending pickups of ${proposal.rider.name}`));
    if (proposal.lines.length === 0) await visible(dialog.getByText(M.EMPTY));
    else await visible(dialog.getByTestId('bulk-line').first());
    await screenshot(page, 'bulk-reassign-open');
  });

  test('an agent (no re-assign permission) sees the action nowhere', async () => {
    const { page } = session;
    // A rider with pending pickups, where a dispatcher would see the action.
    const regions = await api.get<{ results: { id: number; name: string }[] }>(
      '/location/regions/',
      { vertical: 'blood' },
    );
    let busy: { rider: RiderSummary; region: { id: number; name: string } } | undefined;
    for (const region of regions.results) {
      const roster = await api.get<RiderSummary[]>('/entity/riders-np/', { regions: region.id });
      const rider = roster.find(
        (r) =>
          r.state === RIDER_STATES.PICKING_UP_HAS_CAPACITY ||
          r.state === RIDER_STATES.PICKING_UP_FULL,
      );
      if (rider) {
        busy = { rider, region };
        break;
      }
    }
    expect(busy, 'a blood rider with pending pickups in the demo data').toBeDefined();
    const { rider, region } = busy!;
    const name = `${rider.firstName} ${rider.lastName}`.trim();

    await storeSession(page, 'agent');
    await page.goto(session.app(`/riders/detail/${rider.id}`));
    await visible(heading(page, name));
    await visible(page.getByRole('button', { name: 'Last seen location' }));
    expect(await page.getByRole('button', { name: M.BUTTON }).count()).toBe(0);

    const list = await openDashboardRiderList(page, region);
    await visible(list.getByTestId('rider-line').filter({ hasText: rider.phone }));
    expect(
      await list.getByRole('button', { name: new RegExp(`^${M.BUTTON}`) }).count(),
      'no reassign action in the agent’s rider list',
    ).toBe(0);
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, 'bulk-reassign-agent-dashboard');
  });
});
