import {
  clearSessionStorage,
  readJson,
  readString,
  removeValue,
  STORAGE_KEYS,
  writeValues,
} from './storage';

/** Token bookkeeping shared by the api client and the auth feature. */

export function getAccessToken(): string | null {
  return readString(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return readString(STORAGE_KEYS.refreshToken);
}

/** The stored user as raw JSON; session-user.ts owns its shape. */
export function getStoredUserJson(): unknown {
  return readJson(STORAGE_KEYS.user);
}

export function startSession(session: { token: string; refreshToken: string; user: object }): void {
  writeValues({
    [STORAGE_KEYS.token]: session.token,
    [STORAGE_KEYS.refreshToken]: session.refreshToken,
    [STORAGE_KEYS.user]: session.user,
  });
}

export function storeTokens(tokens: { token: string; refreshToken: string }): void {
  writeValues({
    [STORAGE_KEYS.token]: tokens.token,
    [STORAGE_KEYS.refreshToken]: tokens.refreshToken,
  });
}

export function storeUser(user: object): void {
  writeValues({ [STORAGE_KEYS.user]: user });
}

/** Spec §8: a 401 removes the stored token; without it the route guard sends the user to login. */
export function dropAccessToken(): void {
  removeValue(STORAGE_KEYS.token);
}

export function endSession(): void {
  clearSessionStorage();
}

/** Signed in means both a token and a user are stored. */
export function hasSession(): boolean {
  return getAccessToken() !== null && getStoredUserJson() !== null;
}
