import fs from 'node:fs';
import path from 'node:path';
import { APP_VERSION } from '@dastak/core/constants';
import { type Faq, filterFaqs, parseChangelog, parseFaq } from '@dastak/core/rules/help-docs';
import type { MdBlock, MdInline } from '@dastak/core/rules/markdown';
import { describe, expect, test } from 'vitest';
import { signIn } from '../fixtures/auth';
import { seriousViolations } from '../fixtures/axe';
import { screenshot, useBrowser } from '../fixtures/browser';
import { appPath, heading, listHeading, visible } from '../fixtures/ui';

const session = useBrowser();
const ROOT = path.resolve(import.meta.dirname, '../..');

// What the repository holds: the pages must show these files, not a copy of them.
const releases = parseChangelog(fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8'));
const faqDir = path.join(ROOT, 'docs/faqs');
const faqs: Faq[] = fs
  .readdirSync(faqDir)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => parseFaq(name, fs.readFileSync(path.join(faqDir, name), 'utf8')));

function internalLinks(blocks: MdBlock[]): string[] {
  const walk = (nodes: MdInline[]): string[] =>
    nodes.flatMap((n) =>
      n.kind === 'link'
        ? n.internal
          ? [n.href]
          : []
        : n.kind === 'strong' || n.kind === 'em'
          ? walk(n.children)
          : [],
    );
  return blocks.flatMap((b) =>
    b.kind === 'list' ? b.items.flatMap(walk) : b.kind === 'code' ? [] : walk(b.children),
  );
}

describe('release notes and FAQs', () => {
  test('release notes show the running version and the newest release first', async () => {
    const { page } = session;
    await signIn(page, 'agent');

    // The running version shows once, under the profile menu; the page names it too.
    await visible(page.getByRole('navigation', { name: 'Main' }).getByText(`v${APP_VERSION}`));
    await page.getByRole('link', { name: 'Release Notes', exact: true }).click();
    await page.waitForURL('**/app/release-notes');
    await visible(heading(page, 'Release Notes'));
    await visible(page.getByText(`You are running Dastak v${APP_VERSION}.`));

    // One section per release of CHANGELOG.md, Unreleased then 1.0.12 (the first entry) last.
    const names = releases.map((r) =>
      r.version.toLowerCase() === 'unreleased' ? 'Unreleased' : `v${r.version}`,
    );
    expect(names[0]).toBe('Unreleased');
    expect(names.at(-1)).toBe(`v${APP_VERSION}`);
    const sections = page.locator('main section[aria-label]');
    await visible(sections.first());
    expect(
      await sections.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).toEqual(names);
    const first = page.getByRole('region', { name: 'Unreleased' });
    await visible(first.getByRole('heading', { name: 'Added' }));
    // The running release carries its badge.
    await visible(
      page.getByRole('region', { name: `v${APP_VERSION}` }).getByText('Running', { exact: true }),
    );
    // Markdown is drawn, not printed: no '**' or '## ' reaches the page.
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('Release Notes');
    expect(text).not.toContain('**');
    expect(text).not.toMatch(/#+ /);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'help-release-notes');
  });

  test('FAQ search narrows to the matching question, and its screen link opens the screen', async () => {
    const { page } = session;
    await signIn(page, 'dispatcher');
    await page.getByRole('link', { name: 'FAQs', exact: true }).click();
    await page.waitForURL('**/app/faqs');
    await visible(heading(page, 'FAQs'));

    // Every file of docs/faqs is a question, in file order, closed until opened.
    const questions = page.getByRole('button', { name: /\?$/ });
    await visible(page.getByText(`${faqs.length} questions`, { exact: true }));
    expect(await questions.allInnerTexts()).toEqual(faqs.map((f) => f.question));
    expect(faqs.length).toBeGreaterThanOrEqual(8);

    const search = page.getByRole('searchbox', { name: 'Search the FAQs' });
    await search.fill('wrong pin');
    // Core's filter over the same files says which questions hold both words: only one.
    expect(filterFaqs(faqs, 'wrong pin').map((f) => f.question)).toEqual([
      'How do I handle an unverified order?',
    ]);
    await visible(page.getByText(`1 of ${faqs.length} questions match`));
    expect(await questions.allInnerTexts()).toEqual(['How do I handle an unverified order?']);
    expect(appPath(page)).toBe('/faqs?q=wrong+pin');
    // The search opens the answer it found, drawn from Markdown.
    const answer = page.getByRole('region', { name: 'How do I handle an unverified order?' });
    await visible(answer.getByText('Mark Wrong Pin', { exact: true }));
    await screenshot(page, 'help-faqs-search');

    // A word in no question or answer says so; clearing brings every question back.
    await search.fill('zebra');
    await visible(page.getByText('No question matches "zebra". Try fewer or other words.'));
    await search.fill('');
    await visible(page.getByText(`${faqs.length} questions`, { exact: true }));
    expect(await questions.count()).toBe(faqs.length);
    expect(await seriousViolations(page)).toEqual([]);

    // The answer's screen link moves inside the console (no full page load) to that screen.
    await search.fill('wrong pin');
    await page.evaluate(() => {
      (window as unknown as { helpMarker: boolean }).helpMarker = true;
    });
    await answer.getByRole('link', { name: 'Unverified Orders' }).first().click();
    await page.waitForURL('**/app/unverified-orders**');
    await visible(listHeading(page, 'Unverified Orders'));
    expect(
      await page.evaluate(() => (window as unknown as { helpMarker?: boolean }).helpMarker),
    ).toBe(true);
  });

  test('every screen an FAQ links to is a page of the console', async () => {
    const { page } = session;
    await signIn(page, 'admin');
    const targets = [...new Set(faqs.flatMap((f) => internalLinks(f.answer)))].sort();
    expect(targets.length).toBeGreaterThan(5);
    for (const target of targets) {
      await page.goto(session.app(target));
      // The staff layout draws only for a known route; unknown paths get the bare not-found page.
      // Either settles the page; the message names the target, since thirteen share this loop.
      const nav = page.getByRole('navigation', { name: 'Main' });
      const notFound = heading(page, 'Page not found');
      await nav.or(notFound).first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(await notFound.count(), `${target} (at ${page.url()})`).toBe(0);
      expect(await nav.count(), `${target} (at ${page.url()})`).toBeGreaterThan(0);
    }
  });
});
