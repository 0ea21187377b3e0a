// The service worker of Bistro's push notifications (lib/notify/push): it shows what the server
// pushed ("Order #12 is ready") and opens the order's page when the notification is tapped.
self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || 'Your order', {
      body: notice.body || '',
      tag: notice.tag,
      data: { url: notice.url || '/' },
      icon: '/icon.svg',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this site's pages are opened.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
