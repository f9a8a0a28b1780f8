import { type ReactNode, useState } from 'react';
import { useNotices, useOnline, useOutbox } from '../hooks';
import type { Catalogue } from '../i18n/en';
import { setLang, useLang, useT } from '../i18n/i18n';
import type { Refusal } from '../outbox/outbox';
import { dismissNotice, outbox } from '../runtime';

export function LanguageSwitch() {
  const t = useT();
  const lang = useLang();
  const other = lang === 'ur' ? 'en' : 'ur';
  return (
    <button
      type="button"
      className="r-lang"
      lang={other}
      aria-label={`${t.languageName}: ${t.language}`}
      onClick={() => setLang(other)}
    >
      {t.language}
    </button>
  );
}

/** A screen's top bar: back, the title, and what is waiting to send. */
export function TopBar({ title, onBack }: { title: string; onBack?: () => void }) {
  const t = useT();
  return (
    <header className="r-top">
      {onBack && (
        <button type="button" className="r-back" onClick={onBack}>
          <span aria-hidden="true">‹</span> {t.back}
        </button>
      )}
      <h1>{title}</h1>
    </header>
  );
}

function refusalText(t: Catalogue, r: Refusal): string {
  const why =
    r.detail ||
    (r.status >= 500 ? t.errorServer : r.status === 0 ? t.errorNetwork : t.errorGeneric);
  if (r.kind === 'duty' && r.status === 409) return t.dutyRefused;
  const what = t.kind[r.kind];
  return r.orderNumber ? t.refusedBody(what, r.orderNumber, why) : t.refusedNoOrder(what, why);
}

/**
 * What the outbox holds, always in view: how many actions wait to send, each refusal as a card
 * until the rider has read it, and what a delivery's tube check found.
 */
export function OutboxStatus() {
  const t = useT();
  const { items, refusals } = useOutbox();
  const notices = useNotices();
  const online = useOnline();
  const waiting = items.filter((i) => i.kind !== 'location').length;
  return (
    <>
      {(!online || waiting > 0) && (
        <div className="r-status">
          {!online && (
            <p className="r-banner r-banner-offline" role="status">
              {t.offlineNow}
            </p>
          )}
          {waiting > 0 && (
            <p className="r-banner" role="status" data-testid="outbox-banner">
              {t.pending(waiting)}
            </p>
          )}
        </div>
      )}
      {refusals.map((r) => (
        <section key={r.key} className="r-card r-refusal" role="alert" aria-label={t.refusedTitle}>
          <h2>{t.refusedTitle}</h2>
          <p>{refusalText(t, r)}</p>
          <button type="button" className="r-secondary" onClick={() => void outbox.dismiss(r.key)}>
            {t.dismiss}
          </button>
        </section>
      ))}
      {notices.map((n) => (
        <section key={n.key} className="r-card r-refusal" role="alert">
          {n.missing.length > 0 && <p>{t.tubesMissing(n.missing.join(', '))}</p>}
          {n.unknown.length > 0 && <p>{t.tubesUnknown(n.unknown.join(', '))}</p>}
          <button type="button" className="r-secondary" onClick={() => dismissNotice(n.key)}>
            {t.dismiss}
          </button>
        </section>
      ))}
    </>
  );
}

/** The order's marks a rider must see before the door: fasting, medicine, urgent, covid. */
export function Marks({
  order,
}: {
  order: {
    isFasting: boolean;
    urgentDelivery: boolean;
    isCovid: boolean;
    isMedicineAndSpecificTime?: boolean;
  };
}) {
  const t = useT();
  const marks: [boolean | undefined, string, string][] = [
    [order.urgentDelivery, t.urgent, 'r-mark-urgent'],
    [order.isFasting, t.fasting, 'r-mark'],
    [order.isMedicineAndSpecificTime, t.medicine, 'r-mark'],
    [order.isCovid, t.covid, 'r-mark-urgent'],
  ];
  const shown = marks.filter(([on]) => on);
  if (shown.length === 0) return null;
  return (
    <ul className="r-marks">
      {shown.map(([, text, cls]) => (
        <li key={text} className={cls}>
          {text}
        </li>
      ))}
    </ul>
  );
}

/** A one-off message under an action (saved, refused, no location). */
export function useFlash(): [ReactNode, (text: string | null, tone?: 'ok' | 'error') => void] {
  const [flash, setFlash] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  const node = flash ? (
    <p className={flash.tone === 'ok' ? 'r-ok' : 'r-error'} role="status">
      {flash.text}
    </p>
  ) : null;
  return [node, (text, tone = 'ok') => setFlash(text ? { text, tone } : null)];
}
