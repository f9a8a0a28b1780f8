import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ur } from './ur';

/** Walks a catalogue to its leaves: 'state.assigned', 'slot' (a function), and so on. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      for (const [path, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(path, leaf);
    }
  } else out.set(prefix, value);
  return out;
}

const sample = (fn: (...args: never[]) => string) =>
  (fn as (...args: unknown[]) => string)(3, 'X', 'Y');

describe('rider app strings', () => {
  const english = leaves(en);
  const urdu = leaves(ur);

  it('Urdu has every English key and no other', () => {
    expect([...urdu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('every string is non-empty in both languages, and the same kind (text or template)', () => {
    for (const [key, value] of english) {
      const other = urdu.get(key);
      expect(typeof other, key).toBe(typeof value);
      const text = typeof value === 'function' ? sample(value as () => string) : value;
      const otherText = typeof other === 'function' ? sample(other as () => string) : other;
      expect(String(text).trim(), key).not.toBe('');
      expect(String(otherText).trim(), key).not.toBe('');
    }
  });

  it('Urdu is written in Urdu: every sentence carries Arabic-script letters', () => {
    // The language switch names the other language; everything else must not be left in English.
    const skip = new Set(['language', 'shiftTime', 'refusedNoOrder']);
    for (const [key, value] of urdu) {
      if (skip.has(key)) continue;
      const text = typeof value === 'function' ? sample(value as () => string) : String(value);
      expect(text, key).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('templates keep their values in both languages', () => {
    expect(en.tubesMissing('A1, B2')).toContain('A1, B2');
    expect(ur.tubesMissing('A1, B2')).toContain('A1, B2');
    expect(ur.pending(4)).toContain('4');
    expect(en.waitTime(25)).toContain('25');
  });
});
