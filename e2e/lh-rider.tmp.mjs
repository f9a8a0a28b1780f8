// Signs a demo rider in to the rider app in a Chromium that Lighthouse then attaches to
// (--port 9223 --disable-storage-reset), so the task list is measured as a signed-in rider sees it.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
const [base, login, password] = process.argv.slice(2);
const chrome = spawn('/usr/bin/chromium', ['--headless=new', '--no-sandbox', '--remote-debugging-port=9223', '--user-data-dir=/tmp/lh/profile', 'about:blank'], { stdio: 'ignore', detached: true });
chrome.unref();
await new Promise((r) => setTimeout(r, 2000));
const browser = await chromium.connectOverCDP('http://127.0.0.1:9223');
const context = browser.contexts()[0];
const page = await context.newPage();
await page.goto(`${base}/rider/`);
await page.getByLabel('Mobile number or email').fill(login);
await page.getByLabel('Password').fill(password);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForTimeout(4000);
console.log(await page.locator('body').innerText());
await page.close();
await browser.close().catch(() => {});
console.log('chrome pid', chrome.pid);
