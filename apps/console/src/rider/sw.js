/* The rider app's service worker (ADR 0063), scope /rider/. Hand-written: the build
 * (rider-build.ts) puts in the shell's file list and a version made from it. The shell is
 * precached so the app opens with no network; pages and assets come from the cache first;
 * the API goes to the network first, and the rider's own reads fall back to the last answer.
 * Actions never go through here unsent: the page keeps them in its IndexedDB outbox. */
const VERSION = '__VERSION__';
const PRECACHE = '__PRECACHE__';
const SHELL = `dastak-rider-shell-${VERSION}`;
const API = 'dastak-rider-api';
const BASE = '/rider/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith('dastak-rider-shell-') && k !== SHELL)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The rider's own reads (tasks, shift, problem list): the last answer serves when offline. */
const cachedRead = (url) => url.pathname.startsWith('/api/v1/rider-app/');

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && cachedRead(new URL(request.url))) {
      const cache = await caches.open(API);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: API });
    if (cached) return cached;
    throw error;
  }
}

async function shellFirst(request) {
  const cache = await caches.open(SHELL);
  // Every page of the app is the one page: its router shows the screen.
  const key = request.mode === 'navigate' ? BASE : request;
  const cached = await cache.match(key);
  if (cached) return cached;
  return fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirst(request));
    return;
  }
  if (url.pathname.startsWith(BASE)) event.respondWith(shellFirst(request));
});

// A task put in the rider's queue (web push, ADR 0063): shown even with the app closed, with a
// buzz; the same tag replaces rather than stacks. The payload never carries patient data.
self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || 'Dastak', {
      body: data.body || '',
      tag: data.tag,
      renotify: true,
      vibrate: [300, 100, 300],
      icon: `${BASE}icon-192.png`,
      badge: `${BASE}icon-192.png`,
      data: { url: data.url || BASE },
    }),
  );
});

// A tap opens the app: an open window of it comes forward, else a new one opens.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || BASE, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin + BASE));
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

// The page asks for a clean slate at logout: no patient's data stays on the phone.
self.addEventListener('message', (event) => {
  if (event.data === 'logout') event.waitUntil(caches.delete(API));
});
