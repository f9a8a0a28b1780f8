import {
  loginRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  passwordSchema,
} from '@dastak/core/entities/auth';
import { FORM_VALIDATION, VALIDATION } from '@dastak/core/messages';
import { z } from 'zod';

/** The auth pages' forms: the core request schemas plus what only the form knows. */

// The login form holds the password to the spec's at-least-6 rule (§5); the server only needs
// it present, so the request schema is looser.
export const loginFormSchema = loginRequestSchema
  .omit({ playerId: true })
  .extend({ password: passwordSchema });
export type LoginFormValues = z.infer<typeof loginFormSchema>;

export const passwordResetRequestFormSchema = passwordResetRequestSchema;
export type PasswordResetRequestFormValues = z.infer<typeof passwordResetRequestFormSchema>;

export const passwordResetFormSchema = passwordResetSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, VALIDATION.REQUIRED) })
  .refine((v) => v.password === v.confirmPassword, {
    message: FORM_VALIDATION.PASSWORDS_MISMATCH,
    path: ['confirmPassword'],
  });
export type PasswordResetFormValues = z.infer<typeof passwordResetFormSchema>;
