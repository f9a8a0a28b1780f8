import { describe, expect, test } from 'vitest';
import { signIn } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { useBrowser } from '../fixtures/browser';
import { visible } from '../fixtures/ui';

const session = useBrowser();

describe('accessibility (axe-core)', () => {
  test('the login page has no serious violations', async () => {
    const { page } = session;
    await page.goto(session.app('/login'));
    await visible(page.getByRole('button', { name: 'Login' }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the password reset request page has no serious violations', async () => {
    const { page } = session;
    await page.goto(session.app('/password-reset-request'));
    await visible(page.getByRole('button', { name: 'Request password reset' }));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the signed-in shell has no serious violations', async () => {
    const { page } = session;
    await signIn(page, 'agent');
    await visible(page.getByRole('navigation', { name: 'Main' }));
    // The landing page is the blood dashboard: check it as a user sees it, loaded.
    await visible(page.getByTestId('dashboard-map'));
    await visible(page.getByRole('tab', { name: 'Late Orders' }));
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
  });
});
