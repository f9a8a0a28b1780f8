/* Dastak web push worker (docs/decisions/0029-web-push.md). Served from /app/push-sw.js with
 * scope /app/. The server's payload is {title, body, url, tag}: order number and region only,
 * never patient data. A click focuses a console tab (opening the order there) or opens one. */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Dastak', body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' ? data.url : '/app/';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Dastak', {
      body: data.body || '',
      tag: data.tag,
      // Same tag: the newer alert replaces the older one, and still rings.
      renotify: Boolean(data.tag),
      icon: '/app/favicon.svg',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/app/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const exact = tabs.find((c) => c.url === target);
      if (exact) return exact.focus();
      const consoleTab = tabs.find((c) => new URL(c.url).pathname.startsWith('/app/'));
      if (consoleTab) {
        await consoleTab.focus();
        return consoleTab.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
