/**
 * The auth events of spec §4. They go to the console log and out as a window event, so error
 * reporting and analytics (later issues) can listen without the auth code knowing about them.
 */
export type AuthEvent =
  | 'loginAttempt'
  | 'loginSuccess'
  | 'loginFail'
  | 'logoutAttempt'
  | 'logoutSuccess'
  | 'logoutFail'
  | 'tokenRefresh'
  | 'tokenRefreshFail'
  | 'passwordResetInitiated'
  | 'passwordResetCompleted';

export const AUTH_EVENT_NAME = 'dastak:auth';

export function emitAuthEvent(event: AuthEvent): void {
  console.info(`[auth] ${event}`);
  window.dispatchEvent(new CustomEvent(AUTH_EVENT_NAME, { detail: { event, at: Date.now() } }));
}
