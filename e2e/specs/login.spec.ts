import { ERRORS, VALIDATION } from '@dastak/core/messages';
import { describe, expect, test } from 'vitest';
import { users } from '../fixtures/auth';
import { screenshot, useBrowser } from '../fixtures/browser';
import { appPath, toast, visible } from '../fixtures/ui';

const session = useBrowser();

describe('login page', () => {
  test('shows the validation messages under the fields once touched', async () => {
    const { page } = session;
    await page.goto(session.app('/login'));
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });

    await email.click();
    await password.click();
    await visible(page.getByText(VALIDATION.REQUIRED));

    await email.fill('not-an-email');
    await password.fill('abc');
    await email.click();
    await visible(page.getByText(VALIDATION.EMAIL_INVALID));
    await visible(page.getByText(VALIDATION.PASSWORD_MIN));
    await screenshot(page, 'login-validation');
  });

  test('a wrong password shows the spec message and stays on login', async () => {
    const { page } = session;
    const admin = users.admin();
    await page.goto(session.app('/login'));
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();

    await visible(toast(page, ERRORS.INVALID_CREDENTIALS));
    expect(appPath(page)).toBe('/login');
    await screenshot(page, 'login-wrong-password');
  });
});
