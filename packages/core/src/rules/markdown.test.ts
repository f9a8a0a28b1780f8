import { describe, expect, it } from 'vitest';
import { compareReleases, filterFaqs, parseChangelog, parseFaq } from './help-docs';
import { type MdBlock, type MdInline, parseInline, parseMarkdown, safeHref } from './markdown';

/** Every text and code string in a tree: what the page would print. */
function texts(nodes: MdInline[]): string[] {
  return nodes.flatMap((n) =>
    n.kind === 'text' || n.kind === 'code' ? [n.text] : texts(n.children),
  );
}
function links(blocks: MdBlock[]): MdInline[] {
  const walk = (nodes: MdInline[]): MdInline[] =>
    nodes.flatMap((n) =>
      n.kind === 'link' ? [n] : n.kind === 'strong' || n.kind === 'em' ? walk(n.children) : [],
    );
  return blocks.flatMap((b) =>
    b.kind === 'list' ? b.items.flatMap(walk) : b.kind === 'code' ? [] : walk(b.children),
  );
}

describe('markdown', () => {
  it('reads headings, paragraphs, both kinds of list and fenced code', () => {
    const blocks = parseMarkdown(
      '# Title\n\nFirst line\nsame paragraph.\n\n- one\n- two\n  continued\n\n1. first\n2. second\n\n```\nnpm start\n```\n',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'code']);
    expect(blocks[0]).toEqual({
      kind: 'heading',
      level: 1,
      children: [{ kind: 'text', text: 'Title' }],
    });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'First line same paragraph.' }],
    });
    expect(blocks[2]).toMatchObject({ ordered: false });
    expect(blocks[2]!.kind === 'list' && blocks[2]!.items.map(texts)).toEqual([
      ['one'],
      ['two continued'],
    ]);
    expect(blocks[3]).toMatchObject({ ordered: true, start: 1 });
    expect(blocks[4]).toEqual({ kind: 'code', text: 'npm start' });
  });

  it('keeps the numbering of a numbered list that a bullet list interrupts', () => {
    const blocks = parseMarkdown('1. one\n2. two, either:\n   - this\n   - that\n3. three');
    expect(blocks.map((b) => b.kind === 'list' && [b.ordered, b.start, b.items.length])).toEqual([
      [true, 1, 2],
      [false, 1, 2],
      [true, 3, 1],
    ]);
  });

  it('reads bold, italics, inline code and links', () => {
    expect(
      parseInline('Press **Create Order**, then *wait* for `200` on [orders](/blood/orders).'),
    ).toEqual([
      { kind: 'text', text: 'Press ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'Create Order' }] },
      { kind: 'text', text: ', then ' },
      { kind: 'em', children: [{ kind: 'text', text: 'wait' }] },
      { kind: 'text', text: ' for ' },
      { kind: 'code', text: '200' },
      { kind: 'text', text: ' on ' },
      {
        kind: 'link',
        href: '/blood/orders',
        internal: true,
        children: [{ kind: 'text', text: 'orders' }],
      },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps raw HTML as text: nothing in the source becomes markup', () => {
    const source = '<script>alert(1)</script> and <img src=x onerror="alert(2)"> **<b>bold</b>**';
    const [paragraph] = parseMarkdown(source);
    expect(paragraph!.kind).toBe('paragraph');
    const printed = paragraph!.kind === 'paragraph' ? texts(paragraph!.children).join('') : '';
    // Every character reaches the page as text, in order; the tree has no HTML node kind.
    expect(printed).toBe(
      '<script>alert(1)</script> and <img src=x onerror="alert(2)"> <b>bold</b>',
    );
    expect(JSON.stringify(paragraph)).not.toMatch(/"kind":"(html|raw)"/);
    // In a heading, a list item and a code block too.
    const more = parseMarkdown('## <i>x</i>\n\n- <a href="javascript:1">y</a>\n\n```\n<hr>\n```');
    expect(more[0]!.kind === 'heading' && texts(more[0]!.children)).toEqual(['<i>x</i>']);
    expect(more[1]!.kind === 'list' && texts(more[1]!.items[0]!)).toEqual([
      '<a href="javascript:1">y</a>',
    ]);
    expect(more[2]).toEqual({ kind: 'code', text: '<hr>' });
  });

  it('refuses link targets that could run script or leave for another host unannounced', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example/path',
      'vbscript:x',
    ]) {
      expect(safeHref(bad)).toBeNull();
      const nodes = parseInline(`[click](${bad})`);
      expect(nodes.some((n) => n.kind === 'link')).toBe(false);
      expect(texts(nodes)).toEqual(['click']);
    }
    expect(safeHref('/faqs')).toEqual({ href: '/faqs', internal: true });
    expect(safeHref('https://keepachangelog.com/en/1.1.0/')).toMatchObject({ internal: false });
    expect(safeHref('mailto:support@dastak.local')).toMatchObject({ internal: false });
  });

  it('leaves unclosed marks and escaped characters as typed', () => {
    expect(texts(parseInline('2 * 3 and **open'))).toEqual(['2 * 3 and **open']);
    expect(texts(parseInline('\\*not em\\* and [no link]'))).toEqual(['*not em* and [no link]']);
    expect(texts(parseInline('`open code'))).toEqual(['`open code']);
  });
});

describe('changelog', () => {
  const source = [
    '# Changelog',
    '',
    'Intro text.',
    '',
    '## [1.0.9] - 2026-01-01',
    '',
    '### Added',
    '',
    '- Old thing',
    '',
    '## [Unreleased]',
    '',
    '### Fixed',
    '',
    '- New fix',
    '',
    '## [1.0.12] - 2026-11-21',
    '',
    '- Middle',
  ].join('\n');

  it('lists releases newest first whatever the file order, Unreleased on top', () => {
    const releases = parseChangelog(source);
    expect(releases.map((r) => [r.version, r.date])).toEqual([
      ['Unreleased', null],
      ['1.0.12', '2026-11-21'],
      ['1.0.9', '2026-01-01'],
    ]);
    expect(releases[0]!.blocks.map((b) => b.kind)).toEqual(['heading', 'list']);
    expect(links(releases[0]!.blocks)).toEqual([]);
  });

  it('compares versions by number, not by text', () => {
    const r = (version: string) => ({ version, date: null, blocks: [] });
    expect(
      [r('1.0.9'), r('1.0.12'), r('1.1'), r('unreleased')]
        .sort(compareReleases)
        .map((x) => x.version),
    ).toEqual(['unreleased', '1.1', '1.0.12', '1.0.9']);
  });
});

describe('faqs', () => {
  const faqs = [
    parseFaq(
      'booking',
      '# How do I book an order?\n\nOpen [New Order](/blood/orders/create) and press **Create Order**.',
    ),
    parseFaq(
      'break',
      '# How do I give a rider a break?\n\nOn [Attendance](/attendance), press **Break**.',
    ),
  ];

  it('takes the question from the first heading and the answer from the rest', () => {
    expect(faqs[0]!.question).toBe('How do I book an order?');
    expect(faqs[0]!.answer.map((b) => b.kind)).toEqual(['paragraph']);
    expect(links(faqs[0]!.answer)).toMatchObject([
      { href: '/blood/orders/create', internal: true },
    ]);
  });

  it('keeps the FAQs holding every word, in the question or the answer, any case', () => {
    expect(filterFaqs(faqs, '').map((f) => f.slug)).toEqual(['booking', 'break']);
    expect(filterFaqs(faqs, 'rider').map((f) => f.slug)).toEqual(['break']);
    expect(filterFaqs(faqs, '  CREATE   order ').map((f) => f.slug)).toEqual(['booking']);
    expect(filterFaqs(faqs, 'attendance').map((f) => f.slug)).toEqual(['break']);
    expect(filterFaqs(faqs, 'break booking')).toEqual([]);
    // Link targets are not words on the page.
    expect(filterFaqs(faqs, 'blood/orders')).toEqual([]);
  });
});
