import path from 'node:path';
import nodemailer from 'nodemailer';
import { type SendResult, writeFileOnce } from './file-once';
import type { EmailMessage } from './notifications.repository';

export interface Mailer {
  /** `key` names the outbox row (outboxMessageKey); the same key is the same message. */
  send(message: EmailMessage, key: string): Promise<SendResult>;
}

const FROM = 'Dastak <no-reply@dastak.local>';

/**
 * Bounds on one SMTP send, so that a send always ends well within the outbox's stale-claim bound
 * (notifications.repository.ts): nodemailer's defaults allow 2 minutes to connect and 10 of
 * silence on the socket.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * The stable name of an outbox message: its id plus its creation time, because ids start again
 * at 1 in a fresh database while DATA_DIR/outbox and the receivers' Message-ID history remain
 * (docs/decisions/0035-instances-and-exactly-once.md).
 */
export const outboxMessageKey = (row: { id: number; created: Date }) =>
  `${row.id}-${row.created.getTime().toString(36)}`;

export const messageIdOf = (key: string) => `<outbox-${key}@dastak.local>`;
export const emlFileOf = (key: string) => `outbox-${key}.eml`;

/**
 * SMTP_URL set: send through it, with a Message-ID derived from the outbox row, so a receiver
 * can drop the resend that follows a crash between the send and markSent. Otherwise write each
 * message once as DATA_DIR/outbox/outbox-KEY.eml, so a machine without mail still shows what would
 * have gone out.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(m, key) {
        await transport.sendMail({ from: FROM, ...m, messageId: messageIdOf(key) });
        return 'sent';
      },
    };
  }
  return fileMailer(path.join(opts.dataDir, 'outbox'));
}

/** The file sink: each message written once as outbox-KEY.eml (writeFileOnce). */
export function fileMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m, key) {
      const info = await transport.sendMail({ from: FROM, ...m, messageId: messageIdOf(key) });
      return writeFileOnce(dir, emlFileOf(key), info.message as Buffer);
    },
  };
}
