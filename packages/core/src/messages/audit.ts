/*
 * The audit trail's texts (ADR 0054), apart from messages.ts so that only the audit screen
 * downloads them (docs/decisions/0042-feature-messages.md).
 */

export const AUDIT_MESSAGES = {
  TITLE: 'Audit trail',
  EMPTY: 'No audit events match these filters',
  RANGE_ORDER: "From date can't be after to date",
} as const;

/** FHIR AuditEvent.action. */
export const AUDIT_ACTION_LABELS = {
  C: 'Create',
  R: 'Read',
  U: 'Update',
  D: 'Delete',
  E: 'Execute',
} as const;

export const AUDIT_TYPE_LABELS = {
  login: 'Login',
  'password-reset-request': 'Password reset request',
  'password-reset': 'Password reset',
  'user-change': 'User change',
  export: 'Export',
  read: 'Opened',
  /** A request made with an API key (ADR 0066). */
  'api-key': 'API key use',
  /** An API key created or revoked. */
  'api-key-change': 'API key change',
} as const;

export const AUDIT_ENTITY_LABELS = {
  User: 'User',
  Customer: 'Customer',
  Patient: 'Patient',
  Order: 'Orders',
  Attendance: 'Attendance',
  Report: 'Report',
  ApiKey: 'API key',
} as const;

/** FHIR AuditEvent.outcome: 0 success, 4 minor failure. */
export const AUDIT_OUTCOME_LABELS = { '0': 'Success', '4': 'Failed' } as const;
