import { userSchema } from '@dastak/core/entities/auth';
import { z } from 'zod';

/** The user object of POST /auth/login/ and GET /auth/me/, as kept in browser storage. */
const sessionUserSchema = userSchema.extend({ fullName: z.string().optional() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Storage is outside our control (older builds, hand edits); anything malformed is "no user". */
export function parseSessionUser(value: unknown): SessionUser | null {
  const parsed = sessionUserSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function displayName(user: SessionUser): string {
  return user.fullName || `${user.firstName} ${user.lastName}`.trim() || user.email;
}
