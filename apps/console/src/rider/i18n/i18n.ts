import { useSyncExternalStore } from 'react';
import { type Catalogue, en } from './en';
import { ur } from './ur';

/** The rider app's two languages; the choice is kept on the phone across sessions. */
export type Lang = 'en' | 'ur';
export const CATALOGUES: Record<Lang, Catalogue> = { en, ur };
const KEY = 'dastak-rider-lang';

const listeners = new Set<() => void>();
let current: Lang = readStored();

function readStored(): Lang {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'ur' ? 'ur' : 'en';
  } catch {
    return 'en';
  }
}

/** Urdu reads right to left; the page's lang and dir follow the choice. */
export function applyLang(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ur' ? 'rtl' : 'ltr';
  document.title = CATALOGUES[lang].appName;
}

export function setLang(lang: Lang): void {
  current = lang;
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  applyLang(lang);
  for (const l of listeners) l();
}

export const getLang = () => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current language's strings; a screen re-renders when the rider switches. */
export function useT(): Catalogue {
  return CATALOGUES[useSyncExternalStore(subscribe, getLang)];
}

export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang);
}
