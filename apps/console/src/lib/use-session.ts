import type { PermissionName } from '@dastak/core/permissions';
import { hasPermission } from '@dastak/core/permissions';
import { useSyncExternalStore } from 'react';
import { parseSessionUser, type SessionUser } from './session-user';
import { readString, STORAGE_KEYS, subscribeToStorage } from './storage';

// useSyncExternalStore needs a stable snapshot, so the parsed user is cached by its raw text.
let cachedKey: string | undefined;
let cachedUser: SessionUser | null = null;

function readSessionUser(): SessionUser | null {
  const token = readString(STORAGE_KEYS.token);
  const raw = token ? readString(STORAGE_KEYS.user) : null;
  const key = raw ?? '';
  if (key !== cachedKey) {
    cachedKey = key;
    try {
      cachedUser = raw ? parseSessionUser(JSON.parse(raw)) : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

/** The signed-in user, or null; re-renders on login, logout and changes from other tabs. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeToStorage, readSessionUser);
}

export function useHasPermission(name: PermissionName): boolean {
  return hasPermission(useSessionUser(), name);
}
