/**
 * What other modules may use of the audit trail (docs/decisions/0054-audit-trail.md). Other
 * modules import only this file (docs/decisions/0059-import-boundaries.md).
 */
// The owner of a password-reset link: auth's sign-in audit names them.
export { findResetTokenUser } from './audit.repository';
export type { AuditAgent, AuditRecord } from './audit.service';
export { auditAgent, recordAudit, recordAuditQueued, recordDetailOpen } from './audit.service';
export type { ExportAudit } from './audit-export';
// CSV and emailed exports that write their own audit row.
export { auditedCsv, exportAudit } from './audit-export';
export { recordUserChange } from './audit-users';
