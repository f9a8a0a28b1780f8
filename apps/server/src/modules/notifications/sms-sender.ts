import path from 'node:path';
import { type SendResult, writeFileOnce } from './file-once';
import type { SmsMessage } from './notifications.repository';

export interface SmsSender {
  /** `key` names the outbox row (outboxMessageKey); the gateway gets it as `reference`. */
  send(message: SmsMessage, key: string): Promise<SendResult>;
}

/** Bound on one gateway call, well within the outbox's stale-claim bound. */
export const SMS_TIMEOUT_MS = 30_000;

export const smsFileOf = (key: string) => `sms-${key}.json`;

/**
 * SMS_URL set: POST {to, text, reference} to the gateway; anything but a 2xx is a failure, so
 * the relay retries with backoff, and the reference lets the gateway drop the resend that
 * follows a crash between the send and markSent. Otherwise each message is written once as
 * DATA_DIR/outbox/sms-KEY.json (the whole payload). Errors name the status only: the relay logs
 * them, and phone numbers and links stay out of logs.
 */
export function createSmsSender(opts: {
  smsUrl?: string;
  dataDir: string;
  timeoutMs?: number;
}): SmsSender {
  const { smsUrl } = opts;
  if (!smsUrl) return fileSmsSender(path.join(opts.dataDir, 'outbox'));
  const timeoutMs = opts.timeoutMs ?? SMS_TIMEOUT_MS;
  return {
    async send(m, key) {
      let res: Response;
      try {
        res = await fetch(smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: m.to, text: m.text, reference: key }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const name = err instanceof Error ? err.name : 'Error';
        throw new Error(
          name === 'TimeoutError' ? 'SMS gateway timed out' : 'SMS gateway unreachable',
        );
      }
      // Drain the body so the connection is released; its content is not ours to log.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      return 'sent';
    },
  };
}

/** The file sink: the whole payload, written once under its outbox key. */
export function fileSmsSender(dir: string): SmsSender {
  return {
    send: (m, key) => writeFileOnce(dir, smsFileOf(key), `${JSON.stringify(m, null, 2)}\n`),
  };
}
