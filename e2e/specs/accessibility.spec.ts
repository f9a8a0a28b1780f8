import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login, users } from '../fixtures/auth';
import { useBrowser } from '../fixtures/browser';
import { visible } from '../fixtures/ui';

const session = useBrowser();
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page; returns the serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the console's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run()).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

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
    await login(page, session.baseUrl, users.agent());
    await visible(page.getByRole('navigation', { name: 'Main' }));
    // The landing page is the blood dashboard: check it as a user sees it, loaded.
    await visible(page.getByTestId('dashboard-map'));
    await visible(page.getByRole('tab', { name: 'Late Orders' }));
    const violations = await seriousViolations(page);
    expect(violations, violations.join('\n')).toEqual([]);
  });
});
