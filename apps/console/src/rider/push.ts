import { subscribeForKey } from '@dastak/core/push-keys';
import { call, get } from './api';

/**
 * Web push on the rider's phone (ADR 0063): with the app closed or the screen off, a task put in
 * the rider's queue rings the phone (the service worker shows the notification; a tap opens the
 * app). Asked for when the rider goes on duty, a tap, since Chrome asks for permission only on
 * one; a rider who said no is not asked again. Without push (an old phone, no permission) the
 * app still finds new tasks by polling while it is open.
 */
export async function enablePush(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return;
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission !== 'granted') return;
  const key = await get('/rider-app/push-key/', {});
  if (!key.ok) return;
  const registration = await navigator.serviceWorker.ready;
  await call(
    'POST',
    '/rider-app/push-subscription/',
    await subscribeForKey(registration.pushManager, key.data.publicKey),
  );
}

/** At sign-out: the phone stops ringing for this rider (the next one signs in afresh). */
export async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/rider/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await call('DELETE', '/rider-app/push-subscription/', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
