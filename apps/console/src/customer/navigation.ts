import { useSyncExternalStore } from 'react';

/**
 * A tiny path router for the customer pages (React Router is too heavy for them): the pages read
 * the path, and move with replace (an outcome page replaces the form, so Back does not return
 * to a link already used). History state carries what an outcome page may show (the maps-review
 * link, the support phone); a page opened by URL alone simply shows less.
 */
export const BASE = '/app';
const CHANGE = 'customer-navigate';

export type OutcomeState = { mapsReviewUrl?: string | null; supportPhone?: string | null };

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
};

export const usePathname = () => useSyncExternalStore(subscribe, () => window.location.pathname);

/** The page root and the id after it: /app/order-review/abc -> ['order-review', 'abc']. */
export function splitPath(pathname: string): { root: string; id: string | null } {
  const rest = pathname.startsWith(`${BASE}/`) ? pathname.slice(BASE.length + 1) : pathname;
  const [root = '', id = ''] = rest.split('/').filter(Boolean);
  return { root, id: id ? decodeURIComponent(id) : null };
}

/** Replaces the current page with the outcome page `root` (a PUBLIC_PAGE_ROOTS entry). */
export function replaceWith(root: string, state: OutcomeState = {}) {
  window.history.replaceState(state, '', `${BASE}/${root}`);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

export const outcomeState = (): OutcomeState => (window.history.state as OutcomeState | null) ?? {};
