/**
 * The browser's side of a web push subscription's key, shared by the console's dashboards and
 * the rider app (docs/decisions/0029-web-push.md): the server's VAPID public key arrives as
 * base64url, and PushManager wants its bytes.
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key (keys rotated: it must be made anew). */
export function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === wanted.length && a.every((b, i) => b === wanted[i]);
}

/** The parts of the browser's PushManager and PushSubscription used here (core has no DOM types). */
interface BrowserSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  unsubscribe(): Promise<boolean>;
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
}
interface BrowserPushManager {
  getSubscription(): Promise<BrowserSubscription | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<BrowserSubscription>;
}

/**
 * This browser's subscription for the server's key, made (or made anew, when the keys were
 * rotated: one made with another key cannot be used), as the body the push routes take.
 */
export async function subscribeForKey(pushManager: BrowserPushManager, publicKey: string) {
  const applicationServerKey = fromBase64Url(publicKey);
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
