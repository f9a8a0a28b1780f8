/**
 * What other modules may use of auth. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// A server secret stored once (the push VAPID keys).
export { putSecretOnce } from './auth.repository';
export type { AuthUser } from './tokens';
