import type { NamedRef } from '@dastak/core/entities/common';
import { conflictChanged, EDIT_CONFLICT } from '@dastak/core/messages/edit-conflict';
import { useCallback, useState } from 'react';
import { ApiError } from './api-client';

/**
 * Optimistic concurrency in the forms (docs/decisions/0056). A form keeps the record it loaded,
 * saves with If-Match of that record's version, and on a stale save (409) keeps its values and
 * shows who changed which of its fields (components/conflict-alert.tsx), with Reload.
 */

/** A stale save's answer: the record as it is now and who changed it last. */
export type EditConflict<T> = { current: T; modifiedBy: NamedRef | null };

/** A form's own fields, by the label the form shows: how to read each off the record. */
export type ConflictFields<T> = Record<string, (record: T) => unknown>;

/** The header of an edit of a record read at `version`. */
export const ifMatch = (version: number): Record<string, string> => ({
  'If-Match': `"${version}"`,
});

/** The stale-edit 409 inside a failed save, or null for any other failure. */
export function editConflictOf<T>(error: unknown): EditConflict<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { current?: T; modifiedBy?: NamedRef | null } | null | undefined;
  if (!body || body.current === undefined) return null;
  return { current: body.current, modifiedBy: body.modifiedBy ?? null };
}

/** Labels of the fields whose saved values differ between the two records, in the form's order. */
export function changedFields<T>(loaded: T, current: T, fields: ConflictFields<T>): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.entries(fields)
    .filter(([, read]) => !same(read(loaded), read(current)))
    .map(([label]) => label);
}

/** 'Email', 'Email and Age', 'Email, Age and Gender'. */
export function joinLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** 'Sara Khan changed Email and Age since you opened this form.' */
export function conflictText<T>(
  loaded: T,
  conflict: EditConflict<T>,
  fields: ConflictFields<T>,
  whole: string = EDIT_CONFLICT.THIS_RECORD,
): string {
  const who = conflict.modifiedBy?.name || EDIT_CONFLICT.SOMEONE;
  const changed = changedFields(loaded, conflict.current, fields);
  return conflictChanged(who, changed.length ? joinLabels(changed) : whole);
}

/** A form's conflict state: `seen(error)` in its save's error path; `clear()` on Reload. */
export function useEditConflict<T>() {
  const [conflict, setConflict] = useState<EditConflict<T> | null>(null);
  const seen = useCallback((error: unknown) => {
    const found = editConflictOf<T>(error);
    if (found) setConflict(found);
    return found !== null;
  }, []);
  const clear = useCallback(() => setConflict(null), []);
  return { conflict, seen, clear };
}
