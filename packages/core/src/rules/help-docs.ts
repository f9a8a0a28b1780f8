import { inlineText, type MdBlock, markdownText, parseMarkdown } from './markdown';

/** One `## [version] - date` section of CHANGELOG.md (Keep a Changelog). */
export type Release = { version: string; date: string | null; blocks: MdBlock[] };

const RELEASE_HEADING = /^\[?([^\]\s]+)\]?(?:\s+-\s+(\d{4}-\d{2}-\d{2}))?$/;

/** Unreleased first, then by version number, highest first ('1.0.12' above '1.0.9'). */
export function compareReleases(a: Release, b: Release): number {
  const rank = (r: Release) => (r.version.toLowerCase() === 'unreleased' ? 1 : 0);
  if (rank(a) !== rank(b)) return rank(b) - rank(a);
  const pa = a.version.split('.').map(Number);
  const pb = b.version.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pb[i] ?? 0) - (pa[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/**
 * The releases of a changelog, newest first whatever order the file keeps, each with the blocks
 * under its level-2 heading. Text before the first release (the title and preamble) is dropped.
 */
export function parseChangelog(source: string): Release[] {
  const releases: Release[] = [];
  let current: Release | null = null;
  for (const block of parseMarkdown(source)) {
    if (block.kind === 'heading' && block.level === 2) {
      const match = RELEASE_HEADING.exec(inlineText(block.children).trim());
      current = match ? { version: match[1]!, date: match[2] ?? null, blocks: [] } : null;
      if (current) releases.push(current);
      continue;
    }
    current?.blocks.push(block);
  }
  return releases.sort(compareReleases);
}

/** One docs/faqs/*.md file: its `# ` heading is the question, the rest the answer. */
export type Faq = { slug: string; question: string; answer: MdBlock[]; searchText: string };

export function parseFaq(slug: string, source: string): Faq {
  const blocks = parseMarkdown(source);
  const index = blocks.findIndex((b) => b.kind === 'heading' && b.level === 1);
  const title = index >= 0 ? blocks[index]! : null;
  const question = title && title.kind === 'heading' ? inlineText(title.children) : slug;
  const answer = blocks.filter((_, i) => i !== index);
  return {
    slug,
    question,
    answer,
    searchText: `${question}\n${markdownText(answer)}`.toLowerCase(),
  };
}

/** The FAQs holding every word of the query, in the question or the answer; all when empty. */
export function filterFaqs(faqs: Faq[], query: string): Faq[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return faqs.filter((faq) => words.every((word) => faq.searchText.includes(word)));
}
