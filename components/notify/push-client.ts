import { api } from '@/lib/client/api';

/**
 * Subscribing this browser to push (loaded on demand, when a diner or a cook asks: the receipt
 * page's first load carries none of it). The service worker shows what arrives (public/push-sw.js).
 */

/** The VAPID public key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export async function subscribePush(publicKey: string, registration: { orderId: string } | { staff: true }): Promise<void> {
  const worker = await navigator.serviceWorker.register('/push-sw.js');
  await navigator.serviceWorker.ready;
  const subscription =
    (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api('/api/push/subscriptions', { method: 'POST', json: { subscription: subscription.toJSON(), ...registration } });
}
