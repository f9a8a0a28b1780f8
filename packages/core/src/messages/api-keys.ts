/*
 * The API keys screen's and the key check's texts (docs/decisions/0066-api-keys.md), apart from
 * messages.ts so that only the API keys screen downloads them (ADR 0042).
 */

export const API_KEY_MESSAGES = {
  TITLE: 'API keys',
  EMPTY: 'No API keys yet',
  NAME_REQUIRED: 'Enter a name',
  NAME_MAX: 'Name must be at most 80 characters',
  SCOPES_REQUIRED: 'Select at least one scope',
  RATE_LIMIT_RANGE: 'Requests per minute must be between 1 and 6000',
  /** A key that is unknown, malformed or revoked (401). */
  INVALID_KEY: 'Invalid or revoked API key.',
  ALREADY_REVOKED: 'This API key is already revoked',
  CREATED: 'API key created',
  REVOKED: 'API key revoked',
  SHOWN_ONCE: 'Copy this key now: it will not be shown again.',
  REVOKE_CONFIRM:
    'Revoke this key? Systems that use it are refused at once. This cannot be undone.',
} as const;

/** What each scope lets a key do, as the create dialog shows it. */
export const API_KEY_SCOPE_LABELS = {
  'Can view order': 'Read orders',
  'Can view rider': 'Read riders',
  'Can change order': 'Write order notes',
  'Can manage webhooks': 'Receive webhooks',
} as const;
