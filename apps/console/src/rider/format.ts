import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { sampleCountdown } from '@dastak/core/rules/sample-stability';
import type { Catalogue } from './i18n/en';
import type { Lang } from './i18n/i18n';

/**
 * Times as a Karachi clock shows them ('3:30 pm'; 'PM' in Urdu, as ur-PK writes it), whatever
 * zone the phone is set to. By arithmetic on Karachi's fixed +05:00 (core's karachi-time), not
 * Intl: a DateTimeFormat with a time zone, built for each time on the list, was most of the task
 * list's blocking time on Lighthouse's slowed phone (issue 30). In Urdu the time is a
 * left-to-right island (U+2066 … U+2069) in right-to-left text: unisolated, a range read
 * 'PM – 9:00 PM 1:00'.
 */
export function clock(iso: string, lang: Lang): string {
  const [hours = 0, minutes = 0] = toKarachiIso(new Date(iso)).slice(11, 16).split(':').map(Number);
  const half = hours < 12 ? 'am' : 'pm';
  const time = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${lang === 'ur' ? half.toUpperCase() : half}`;
  return lang === 'ur' ? `\u2066${time}\u2069` : time;
}

export function duration(t: Catalogue, minutes: number): string {
  const m = Math.abs(minutes);
  return t.hoursMinutes(Math.floor(m / 60), m % 60);
}

/** The collected sample's countdown (core's rule, ADR 0048) in the rider's language. */
export function sampleText(t: Catalogue, expiresAt: string, now: Date) {
  const c = sampleCountdown(expiresAt, now);
  return {
    tone: c.tone,
    text:
      c.minutesLeft >= 0
        ? t.sampleLeft(duration(t, c.minutesLeft))
        : t.sampleExpired(duration(t, c.minutesLeft)),
  };
}
