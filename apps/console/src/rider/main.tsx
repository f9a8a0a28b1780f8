// Nastaliq for Urdu, served from our own origin and precached: many phones have only Naskh, and
// the stack in rider.css falls back to it. The Arabic-script subset only: English never loads it.
import '@fontsource/noto-nastaliq-urdu/arabic-400.css';
import './rider.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyLang, getLang } from './i18n/i18n';
import { RiderApp } from './rider-app';
import { startRuntime } from './runtime';

/**
 * The rider app (issue 30, ADR 0063): its own entry at /rider/, installable, and usable with no
 * network once opened. The service worker keeps the shell; the outbox keeps the actions.
 */
applyLang(getLang());
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  void navigator.serviceWorker.register('/rider/sw.js', { scope: '/rider/' });
}
// Ask the browser to keep the outbox through storage pressure (installed apps get it).
void navigator.storage?.persist?.().catch(() => false);
startRuntime();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RiderApp />
    </StrictMode>,
  );
}
