import { ERRORS } from '@dastak/core/messages';
import { describe, expect, test } from 'vitest';
import { signIn } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { heading, listHeading, visible } from '../fixtures/ui';

const session = useBrowser();

describe('permission gating', () => {
  test('the call-centre agent sees no Shifts or Attendance, and is refused at their URLs', async () => {
    const { page } = session;
    await signIn(page, 'agent');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav.getByRole('link', { name: 'Customers' }));
    await visible(nav.getByRole('link', { name: 'Riders' }));
    expect(await nav.getByRole('link', { name: 'Shifts' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Attendance' }).count()).toBe(0);
    await screenshot(page, 'permissions-agent-nav');

    for (const path of ['/shifts', '/shifts/detail/1', '/attendance']) {
      await page.goto(session.app(path));
      await visible(heading(page, 'No permission'));
      await visible(page.getByText(ERRORS.PERMISSION_DENIED));
    }
    await screenshot(page, 'permissions-agent-no-permission');

    // Ungated screens still open.
    await page.goto(session.app('/customers'));
    await visible(listHeading(page, 'Customers'));
  });
});
