import { createECDH } from 'node:crypto';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { putSecretOnce } from '../auth/public';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what the browser's pushManager.subscribe needs. */
  publicKey: string;
  /** The 32-byte private scalar, base64url. */
  privateKey: string;
  /** mailto: or https: contact the push services may use (RFC 8292). */
  subject: string;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else a pair made once and
 * kept in app_secrets, so every instance and every restart signs with the same key (browsers
 * bind a subscription to the key it was made with).
 */
export async function resolveVapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.ADMIN_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const made = JSON.stringify({
    publicKey: ecdh.getPublicKey('base64url'),
    // getPrivateKey drops leading zero bytes; the key is always 32 bytes.
    privateKey: ecdh.getPrivateKey().toString('hex').padStart(64, '0'),
  });
  // Whoever stored first wins; another instance starting at once reads the same pair.
  const stored = JSON.parse(await putSecretOnce(db, 'vapid_keys', made)) as {
    publicKey: string;
    privateKey: string;
  };
  return {
    publicKey: stored.publicKey,
    privateKey: Buffer.from(stored.privateKey, 'hex').toString('base64url'),
    subject,
  };
}
