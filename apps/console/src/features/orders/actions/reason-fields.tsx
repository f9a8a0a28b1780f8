import { ADDITIONAL_NOTES_MAX } from '@dastak/core/constants';
import type { Vertical } from '@dastak/core/states';
import { Textarea } from '@mantine/core';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import type { ReasonKind } from './api/get-reason-strings';
import { ReasonSelect } from './reason-select';

/**
 * The reason pair of the cancel, re-assign and reschedule dialogs (spec §2.7): the reason string
 * from the server's list, and the details in free text, each field of the dialog's form.
 */
export function ReasonFields<T extends FieldValues>({
  control,
  kind,
  vertical,
  reasonName,
  detailsName,
  detailsPlaceholder,
  detailsRows = 3,
}: {
  control: Control<T>;
  kind: ReasonKind;
  vertical: Vertical;
  /** The form field of the reason string's id. */
  reasonName: Path<T>;
  /** The form field of the free text. */
  detailsName: Path<T>;
  detailsPlaceholder: string;
  detailsRows?: number;
}) {
  const reason = useController({ control, name: reasonName });
  const details = useController({ control, name: detailsName });
  return (
    <>
      <ReasonSelect
        kind={kind}
        vertical={vertical}
        value={reason.field.value}
        onChange={reason.field.onChange}
        onBlur={reason.field.onBlur}
        error={reason.fieldState.error?.message}
      />
      <Textarea
        label="Details"
        placeholder={detailsPlaceholder}
        autosize
        minRows={detailsRows}
        maxRows={detailsRows * 2}
        maxLength={ADDITIONAL_NOTES_MAX}
        error={details.fieldState.error?.message}
        name={details.field.name}
        value={details.field.value ?? ''}
        onChange={details.field.onChange}
        onBlur={details.field.onBlur}
        ref={details.field.ref}
      />
    </>
  );
}
