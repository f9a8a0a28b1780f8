import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { EmailMessage } from './notifications.repository';

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

const FROM = 'Dastak <no-reply@dastak.local>';

/**
 * SMTP_URL set: send through it. Otherwise write each message as an .eml file under
 * DATA_DIR/outbox, so a machine without mail still shows what would have gone out.
 */
export function createMailer(opts: { smtpUrl?: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: FROM, ...m });
      },
    };
  }
  const dir = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: FROM, ...m });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      await fs.writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}
