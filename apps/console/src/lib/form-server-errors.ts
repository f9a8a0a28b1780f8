import { ERRORS } from '@dastak/core/messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { showErrorToast } from './toast';

/**
 * A form's refused submit, shown where the user fixes it: each named field's first message under
 * that field, and a toast only when the refusal names no field (or no answer came at all).
 * For calls made with `silent`: the api client's own toast would say a field's message a second
 * time, and stay on screen after the user has corrected the field.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const fields = error instanceof ApiError ? error.errors : undefined;
  for (const name of names) {
    const message = fields?.[name]?.[0];
    if (message) setError(name, { message }, { shouldFocus: true });
  }
  if (!fields) {
    showErrorToast(error instanceof ApiError ? (error.detail ?? ERRORS.GENERIC) : ERRORS.GENERIC);
  }
}
