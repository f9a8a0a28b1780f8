import { describe, test } from 'vitest';
import { storeSession } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { heading, visible } from '../fixtures/ui';

const session = useBrowser();

describe('unknown paths', () => {
  test('show the not-found page, signed out and signed in', async () => {
    const { page } = session;
    await page.goto(session.app('/no/such/page'));
    await visible(heading(page, 'Page not found'));

    await storeSession(page, 'agent');
    await page.goto(session.app('/blood/orders/nowhere/at-all'));
    await visible(heading(page, 'Page not found'));
    await screenshot(page, 'not-found');
  });
});
