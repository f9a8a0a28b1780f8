import type { User } from '@dastak/core/entities/auth';

/** The user object of POST /auth/login/ and GET /auth/me/, as kept in browser storage. */
export type SessionUser = Omit<User, 'fullName'> & { fullName?: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Storage is outside our control (older builds, hand edits); anything malformed is "no user".
 * Checked by hand rather than with core's userSchema: this runs on every first paint, and zod
 * would be the largest library of the initial download.
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { id, email, userType, firstName, lastName, fullName, userPermissions } = value;
  const valid =
    Number.isInteger(id) &&
    (id as number) > 0 &&
    typeof email === 'string' &&
    (userType === 1 || userType === 2 || userType === 3) &&
    typeof firstName === 'string' &&
    typeof lastName === 'string' &&
    (fullName === undefined || typeof fullName === 'string') &&
    Array.isArray(userPermissions) &&
    userPermissions.every((p) => isRecord(p) && typeof p.name === 'string');
  if (!valid) return null;
  return {
    id: id as number,
    email,
    userType,
    firstName,
    lastName,
    ...(fullName === undefined ? {} : { fullName }),
    userPermissions: (userPermissions as { name: string }[]).map((p) => ({ name: p.name })),
  } as SessionUser;
}

export function displayName(user: SessionUser): string {
  return user.fullName || `${user.firstName} ${user.lastName}`.trim() || user.email;
}
