import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { createFixtures, createRider } from '../../test/fixtures/orders.fixtures';
import { bearer, createTestApp, createUser, login } from '../../test/test-app';

type App = Awaited<ReturnType<typeof createTestApp>>;

const staffToken = async (t: App) => {
  const u = await createUser(t, []);
  return (await login(t.app, u.email, u.password)).token;
};
const getEmbeds = (t: App, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/config/embeds/', headers });
/** The console page's Content-Security-Policy (any non-API path gets the page headers). */
const pageCsp = async (t: App) =>
  String(
    (await t.app.inject({ method: 'GET', url: '/app/reporting-dashboard' })).headers[
      'content-security-policy'
    ],
  );
const frameSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-src'));

describe('GET /config/embeds/ without REPORTING_URL or ISSUE_REPORTING_URL', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tells staff that both pages are the console’s own (null URLs)', async () => {
    const res = await getEmbeds(t, bearer(await staffToken(t)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reportingUrl: null, issueReportingUrl: null });
  });

  it('refuses anonymous callers (401) and riders (403)', async () => {
    expect((await getEmbeds(t)).statusCode).toBe(401);
    const f = await createFixtures(t);
    const rider = await createRider(f);
    expect((await getEmbeds(t, rider.auth)).statusCode).toBe(403);
  });

  it('frames only same-origin and https pages', async () => {
    expect(frameSrc(await pageCsp(t))).toBe("frame-src 'self' https:");
  });
});

describe('GET /config/embeds/ with both URLs set', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({
      REPORTING_URL: 'http://metabase.internal:3000/public/dashboard/abc?city=1',
      ISSUE_REPORTING_URL: 'https://tracker.example.com/new',
    });
  });
  afterAll(() => t.close());

  it('answers the configured URLs as they were given', async () => {
    const res = await getEmbeds(t, bearer(await staffToken(t)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reportingUrl: 'http://metabase.internal:3000/public/dashboard/abc?city=1',
      issueReportingUrl: 'https://tracker.example.com/new',
    });
  });

  it('lets the console frame the plain-http tool’s origin, and nothing else new', async () => {
    expect(frameSrc(await pageCsp(t))).toBe(
      "frame-src 'self' https: http://metabase.internal:3000 https://tracker.example.com",
    );
  });
});

describe('REPORTING_URL and ISSUE_REPORTING_URL in the configuration', () => {
  it('stops the start on a URL a frame must never load, naming the variable', () => {
    expect(() => loadConfig({ REPORTING_URL: 'javascript:alert(1)' })).toThrow(/REPORTING_URL/);
    expect(() => loadConfig({ ISSUE_REPORTING_URL: 'not a url' })).toThrow(/ISSUE_REPORTING_URL/);
    expect(() => loadConfig({ REPORTING_URL: 'data:text/html,hi' })).toThrow(/REPORTING_URL/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ REPORTING_URL: '' }).REPORTING_URL).toBeUndefined();
  });
});
