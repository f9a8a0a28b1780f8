/**
 * A small Markdown reader for the help pages (CHANGELOG.md, docs/faqs/*.md): headings, paragraphs,
 * bullet and numbered lists, fenced code, bold, italics, inline code and links. It returns a tree,
 * never HTML: the console draws the tree with React elements, so every character of the source,
 * `<script>` included, reaches the page as text. Raw HTML in the source is not interpreted.
 */

export type MdInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: MdInline[] }
  | { kind: 'em'; children: MdInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; internal: boolean; children: MdInline[] };

export type MdBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: MdInline[] }
  | { kind: 'paragraph'; children: MdInline[] }
  /** `start`: the first number of a numbered list ('4.' after a nested bullet list). */
  | { kind: 'list'; ordered: boolean; start: number; items: MdInline[][] }
  | { kind: 'code'; text: string };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

/**
 * A link target the page may follow: a console path ('/blood/orders'), an in-page anchor, or an
 * http(s)/mailto address. Anything else (javascript:, data:, protocol-relative '//host') is
 * refused and its text shown plainly.
 */
export function safeHref(href: string): { href: string; internal: boolean } | null {
  const trimmed = href.trim();
  if (/^\/(?!\/)/.test(trimmed) || trimmed === '/') return { href: trimmed, internal: true };
  if (/^#[\w-]*$/.test(trimmed)) return { href: trimmed, internal: false };
  if (/^(https?:\/\/|mailto:)[^\s]+$/i.test(trimmed)) return { href: trimmed, internal: false };
  return null;
}

/** Parses one line's inline marks. Unclosed marks stay as the characters typed. */
export function parseInline(source: string): MdInline[] {
  const out: MdInline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length && /[\\`*_[\]()#+\-.!<>]/.test(source[i + 1]!)) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i) {
        flush();
        out.push({ kind: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (source.startsWith('**', i)) {
      const end = source.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '*' && source[i + 1] !== ' ') {
      const end = source.indexOf('*', i + 1);
      if (end > i + 1 && source[end - 1] !== ' ') {
        flush();
        out.push({ kind: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = readLink(source, i);
      if (link) {
        flush();
        const target = safeHref(link.href);
        const children = parseInline(link.label);
        if (target) out.push({ kind: 'link', ...target, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    text += ch;
    i += 1;
  }
  flush();
  return out;
}

/** `[label](href)` starting at `start`, with balanced brackets in the label. */
function readLink(source: string, start: number) {
  let depth = 0;
  let close = -1;
  for (let j = start; j < source.length; j += 1) {
    if (source[j] === '\\') j += 1;
    else if (source[j] === '[') depth += 1;
    else if (source[j] === ']') {
      depth -= 1;
      if (depth === 0) {
        close = j;
        break;
      }
    }
  }
  if (close < 0 || source[close + 1] !== '(') return null;
  // The target may hold balanced parentheses ('javascript:alert(1)' must be read whole).
  let end = -1;
  for (let j = close + 2, open = 0; j < source.length; j += 1) {
    if (source[j] === '(') open += 1;
    else if (source[j] === ')') {
      if (open === 0) {
        end = j;
        break;
      }
      open -= 1;
    }
  }
  if (end < 0) return null;
  const href = source.slice(close + 2, end).trim();
  if (!href || /\s/.test(href)) return null;
  return { label: source.slice(start + 1, close), href, end: end + 1 };
}

/** Splits a document into blocks; a blank line ends a paragraph or a list. */
export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;

  const endParagraph = () => {
    if (paragraph.length)
      blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list) {
      blocks.push({
        kind: 'list',
        ordered: list.ordered,
        start: list.start,
        items: list.items.map(parseInline),
      });
    }
    list = null;
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      endParagraph();
      endList();
      const fence = line.trim().slice(0, 3);
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence)) {
        body.push(lines[i]!);
        i += 1;
      }
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    if (!line.trim()) {
      endParagraph();
      endList();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      endList();
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2]!) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      endParagraph();
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push((bullet ? bullet[1]! : numbered![2]!).trim());
      continue;
    }
    if (list && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last]} ${line.trim()}`;
      continue;
    }
    endList();
    paragraph.push(line.trim());
  }
  endParagraph();
  endList();
  return blocks;
}

/** The words a reader sees, without marks or link targets: what a search matches against. */
export function inlineText(nodes: MdInline[]): string {
  return nodes
    .map((node) =>
      node.kind === 'text' || node.kind === 'code' ? node.text : inlineText(node.children),
    )
    .join('');
}

export function markdownText(blocks: MdBlock[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'code') return block.text;
      if (block.kind === 'list') return block.items.map(inlineText).join('\n');
      return inlineText(block.children);
    })
    .join('\n');
}
