/**
 * What other modules may use of notifications: the email and SMS outbox. Other modules import only
 * this file (docs/decisions/0059-import-boundaries.md).
 */
// The mailer tests read sent mail from.
export { fileMailer } from './mailer';
export type { EmailMessage, SmsMessage } from './notifications.repository';
export { enqueueEmail, enqueueSms } from './notifications.repository';
