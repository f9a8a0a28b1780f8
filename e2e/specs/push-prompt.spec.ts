import { describe, expect, test } from 'vitest';
import { screenshot, useBrowser } from '../fixtures/browser';
import { useCarriedSessions } from '../fixtures/carried-sessions';

/**
 * The web push prompt on the dashboards (spec §7, last lines; docs/decisions/0029-web-push.md):
 * the page registers the service worker and asks for notification permission unless it was
 * already granted. Headless Chromium has no push service to subscribe with (no network), so
 * this proves the worker and the prompt; the server tests prove the encrypted delivery.
 */

// Its init scripts (addInitScript) answer the permission prompt: they last a context's life. The
// full browser: the headless shell has no notifications to ask for.
const session = useBrowser('context', 'full');
const { signIn, open } = useCarriedSessions(session);

/** The worker registration the page made under /app/, or null (polled: registration is async). */
async function workerScript(): Promise<string | null> {
  const { page } = session;
  for (let i = 0; i < 60; i++) {
    const url = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/app/');
      return (reg?.active ?? reg?.installing ?? reg?.waiting)?.scriptURL ?? null;
    });
    if (url) return url;
    await page.waitForTimeout(250);
  }
  return null;
}

/** Counts Notification.requestPermission calls and answers them as the user would. */
async function watchPrompt(answer: NotificationPermission) {
  await session.context.addInitScript((a: NotificationPermission) => {
    const w = window as unknown as { __pushPrompts: number };
    w.__pushPrompts = 0;
    Notification.requestPermission = async () => {
      w.__pushPrompts += 1;
      return a;
    };
  }, answer);
}
const prompts = () =>
  session.page.evaluate(() => (window as unknown as { __pushPrompts: number }).__pushPrompts);

describe('web push on the blood dashboard', () => {
  test('with permission already granted the worker is registered and nobody is asked', async () => {
    await session.context.grantPermissions(['notifications']);
    await watchPrompt('granted');
    await signIn('admin');
    await open('/blood/dashboard');
    expect(await workerScript()).toBe(`${session.baseUrl}/app/push-sw.js`);
    expect(await session.page.evaluate(() => Notification.permission)).toBe('granted');
    expect(await prompts()).toBe(0);
    await screenshot(session.page, 'push-prompt-granted');
  });

  test('with the default permission the user is asked, once, and the worker is registered', async () => {
    await watchPrompt('default');
    await signIn('admin');
    await open('/blood/dashboard');
    expect(await workerScript()).toBe(`${session.baseUrl}/app/push-sw.js`);
    await expect.poll(prompts, { timeout: 10_000 }).toBe(1);
  });

  test('the worker file is served from the console base and shows notifications', async () => {
    const res = await session.page.request.get(`${session.baseUrl}/app/push-sw.js`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/javascript/);
    const source = await res.text();
    expect(source).toContain("addEventListener('push'");
    expect(source).toContain('showNotification');
    expect(source).toContain("addEventListener('notificationclick'");
  });
});
