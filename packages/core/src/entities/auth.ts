import { z } from 'zod';
import { PASSWORD_MIN } from '../constants';
import { VALIDATION } from '../messages';
import { ALL_PERMISSIONS } from '../permissions';
import { USER_TYPES } from '../states';
import { whenMissing } from '../zod-messages';
import { dateTimeSchema, emailSchema, firstNameSchema, idSchema, lastNameSchema } from './common';

export const userTypeSchema = z.union([
  z.literal(USER_TYPES.RIDER),
  z.literal(USER_TYPES.CUSTOMER),
  z.literal(USER_TYPES.STAFF),
]);

export const userPermissionSchema = z.object({ name: z.string() });

/** The user object stored by the console after login. */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  userType: userTypeSchema,
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  userPermissions: z.array(userPermissionSchema),
});
export type User = z.infer<typeof userSchema>;

/** Staff picker item (created-by filter). */
export const staffUserSchema = z.object({ id: idSchema, fullName: z.string() });
export type StaffUser = z.infer<typeof staffUserSchema>;

/** GET /users/staff/: a staff account as the staff admin page lists it ('Can manage staff'). */
export const staffAccountSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  lastLogin: dateTimeSchema.nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const staffAccountParamsSchema = z.object({ id: z.coerce.number().pipe(idSchema) });

const requiredText = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .min(1, VALIDATION.REQUIRED);

export const passwordSchema = z
  .string({ error: whenMissing(VALIDATION.REQUIRED) })
  .min(1, VALIDATION.REQUIRED)
  .min(PASSWORD_MIN, VALIDATION.PASSWORD_MIN);

/** POST /auth/login/: playerId is the push-notification player id, when there is one. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: requiredText,
  playerId: z.string().nullable().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * POST /auth/rider-login/: the rider app's sign-in, by email or by the rider's mobile number
 * (ADR 0063); it answers as /auth/login/ does.
 */
export const riderLoginRequestSchema = z.object({
  login: requiredText,
  password: requiredText,
});
export type RiderLoginRequest = z.infer<typeof riderLoginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refreshToken: requiredText, email: emailSchema });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({ token: requiredText, password: passwordSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** GET /auth/sessions/: one of the caller's signed-in sessions (ADR 0053). */
export const sessionSchema = z.object({
  id: z.string(),
  /** Browser and system, from the User-Agent the login came with ('Chrome on Windows'). */
  device: z.string(),
  created: dateTimeSchema,
  lastSeen: dateTimeSchema,
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** POST /users/staff/: a new staff account with these permissions ('Can manage staff'). */
export const staffAccountCreateSchema = z.object({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  password: passwordSchema,
  permissions: z.array(z.enum(ALL_PERMISSIONS)).default([]),
});
export type StaffAccountCreate = z.input<typeof staffAccountCreateSchema>;

/** Answer of bodies that only confirm, e.g. password reset requested. */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

export const staffUserListSchema = z.array(staffUserSchema);
export const staffAccountListSchema = z.array(staffAccountSchema);
export const sessionListSchema = z.array(sessionSchema);
