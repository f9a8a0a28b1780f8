import { describe, expect, it } from 'vitest';
import { clock } from './format';

describe('clock', () => {
  it("shows Karachi's time, and in Urdu as a left-to-right island so a range keeps its order", () => {
    const at = '2026-11-30T08:00:00Z'; // 1:00 PM in Karachi
    expect(clock(at, 'en')).toMatch(/^1:00\s?PM$/i);
    const ur = clock(at, 'ur');
    expect(ur.startsWith('\u2066') && ur.endsWith('\u2069')).toBe(true);
    expect(ur.slice(1, -1)).toMatch(/1:00/);
  });

  it("reads as the phone's own Intl clock for Karachi would, morning, noon, evening and midnight", () => {
    for (const at of [
      '2026-11-30T03:05:00Z',
      '2026-11-30T07:00:00Z',
      '2026-11-30T14:59:00Z',
      '2026-11-30T19:00:00Z',
    ]) {
      for (const [lang, locale] of [
        ['en', 'en-PK'],
        ['ur', 'ur-PK'],
      ] as const) {
        const intl = new Intl.DateTimeFormat(locale, {
          timeZone: 'Asia/Karachi',
          hour: 'numeric',
          minute: '2-digit',
        }).format(new Date(at));
        expect(clock(at, lang).replace(/[\u2066\u2069]/g, '')).toBe(intl.replace(/\s/g, ' '));
      }
    }
  });
});
