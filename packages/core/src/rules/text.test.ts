import { describe, expect, it } from 'vitest';
import { hasVisibleText, isCleanLine, isCleanText } from './text';

describe('the text rule (ADR 0050)', () => {
  it('takes any script, Urdu with its zero-width non-joiner and direction marks included', () => {
    for (const text of [
      'عائشہ صدیقی',
      'نرگس\u200cبی بی',
      'Ali Khan',
      'José Ñúñez',
      '\u200fعلی',
      '🩸 Ali',
    ]) {
      expect(isCleanLine(text), text).toBe(true);
      expect(hasVisibleText(text), text).toBe(true);
    }
  });

  it('refuses controls, bidi embeddings/overrides/isolates, lone surrogates and U+FFFD', () => {
    const bad = ['a\u0000b', 'a\u0007', 'a\u001b[2J', 'a\u007f', 'a\u0085', 'a\u009f'];
    bad.push('\u202aa', '\u202eevil', 'a\u2066b', 'a\u2069', 'a\ud800b', 'a\udc00', '\udbff');
    bad.push('A\ufffd\ufffdB'); // invalid UTF-8 bytes, as decoded
    for (const text of bad) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
      expect(isCleanLine(text), JSON.stringify(text)).toBe(false);
    }
    expect(isCleanText('🩸')).toBe(true); // a surrogate pair is one character
  });

  it('lets free text have lines and tabs, and a name neither', () => {
    for (const text of ['line one\nline two', 'a\r\nb', 'a\tb']) {
      expect(isCleanText(text)).toBe(true);
      expect(isCleanLine(text)).toBe(false);
    }
    expect(isCleanLine('a\u2028b')).toBe(false);
  });

  it('finds nothing visible in whitespace and zero-width characters alone', () => {
    for (const text of [
      '',
      '   ',
      '\u200b\u200d\ufeff',
      ' \u200c \u2060 ',
      '\u00a0\u3000',
      '\u200e\u200f',
    ]) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    }
  });
});
