import type { ReactNode } from 'react';

/** Every customer page: the wordmark on top, one card of content, nothing of the staff console. */
export function Frame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      <header className="c-header">
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="#0b7285" />
          <path d="M9 7h7.5a9 9 0 0 1 0 18H9z" fill="none" stroke="#fff" strokeWidth="3" />
          <circle cx="16" cy="16" r="2.5" fill="#fff" />
        </svg>
        <span className="c-wordmark">Dastak</span>
      </header>
      <main className={wide ? 'c-main c-main-wide' : 'c-main'}>{children}</main>
    </>
  );
}

/** The outcome pages: a big mark, a heading and a line or two. */
export function Outcome({
  tone,
  heading,
  children,
}: {
  tone: 'good' | 'bad';
  heading: string;
  children?: ReactNode;
}) {
  return (
    <Frame>
      <section className="c-card c-outcome">
        <div className={`c-mark c-mark-${tone}`} aria-hidden="true">
          {tone === 'good' ? '✓' : '!'}
        </div>
        <h1>{heading}</h1>
        {children}
      </section>
    </Frame>
  );
}

/** Urdu text: right to left, in its Nastaliq font. */
export function Urdu({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span className="c-urdu" lang="ur" dir="rtl" id={id}>
      {children}
    </span>
  );
}
