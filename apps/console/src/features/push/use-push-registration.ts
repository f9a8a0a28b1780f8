import { subscribeForKey } from '@dastak/core/push-keys';
import { useEffect } from 'react';
import { getVapidPublicKey } from './api/get-vapid-public-key';
import { savePushSubscription } from './api/save-push-subscription';

/** The worker sits at the console's base (/app/), so its scope covers every console page. */
const WORKER_URL = `${import.meta.env.BASE_URL}push-sw.js`;
/** The one permission prompt of this page load (see registerPush). */
let permissionRequest: Promise<NotificationPermission> | undefined;

/**
 * Web push on the dashboards (spec §7, last lines; docs/decisions/0029-web-push.md): registers
 * the service worker, asks for notification permission unless the user already answered, then
 * subscribes with the server's VAPID key and stores the subscription, following `regionIds`
 * (the region the dashboard shows) when given. Browsers without service workers (plain http off
 * localhost) or push are left alone; failures are logged, never shown: the dashboard works
 * without push.
 */
export function usePushRegistration(regionIds?: readonly number[]): void {
  const regions = regionIds?.join(',') ?? '';
  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('Notification' in window)) return;
    const ids = regions ? regions.split(',').map(Number) : undefined;
    registerPush(ids).catch((err: unknown) => console.warn('[push] not registered', err));
  }, [regions]);
}

async function registerPush(regionIds: number[] | undefined): Promise<void> {
  const registration = await navigator.serviceWorker.register(WORKER_URL, {
    scope: import.meta.env.BASE_URL,
  });
  // 'denied' is the user's answer; asking again would be ignored by the browser anyway. A user
  // who dismissed the prompt ('default') is asked once per page load, not on every region switch.
  let permission = Notification.permission;
  if (permission === 'default') {
    permissionRequest ??= Notification.requestPermission();
    permission = await permissionRequest;
  }
  if (permission !== 'granted' || !('pushManager' in registration)) return;
  const { publicKey } = await getVapidPublicKey();
  await savePushSubscription({
    ...(await subscribeForKey(registration.pushManager, publicKey)),
    ...(regionIds ? { regionIds } : {}),
  });
}
