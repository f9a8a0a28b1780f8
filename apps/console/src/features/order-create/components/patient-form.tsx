import type { Patient } from '@dastak/core/entities/patients';
import { patientCreateSchema } from '@dastak/core/entities/patients';
import { AGE_UNITS, GENDER_LABELS, GENDERS } from '@dastak/core/states';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConflictAlert } from '../../../components/conflict-alert';
import { type ConflictFields, useEditConflict } from '../../../lib/edit-conflict';

const formSchema = patientCreateSchema.omit({ customer: true });
type FormInput = z.input<typeof formSchema>;
export type PatientFormValues = z.output<typeof formSchema>;

const AGE_UNIT_LABELS: Record<(typeof AGE_UNITS)[number], string> = {
  YEARS: 'Year',
  MONTHS: 'Month',
  DAYS: 'Day',
};

/** What a new patient's form starts from: a partial order's captured name and email. */
export type PatientPrefill = { firstName: string; lastName: string; email: string | null };

function initialValues(patient: Patient | null, prefill: PatientPrefill | null): FormInput {
  return {
    firstName: patient?.firstName ?? prefill?.firstName ?? '',
    lastName: patient?.lastName ?? prefill?.lastName ?? '',
    gender: patient?.gender ?? GENDERS.MALE,
    email: patient?.email ?? prefill?.email ?? '',
    secondaryPhone: patient?.secondaryPhone ?? '',
    age: patient?.age === null || patient?.age === undefined ? '' : String(patient.age),
    ageUnit: patient?.ageUnit ?? 'YEARS',
  };
}

/** The form's fields as it labels them, for 'Sara Khan changed Email and Age since ...'. */
const CONFLICT_FIELDS: ConflictFields<Patient> = {
  'First Name': (p) => p.firstName,
  'Last Name': (p) => p.lastName,
  Gender: (p) => p.gender,
  Email: (p) => p.email || '',
  'Secondary Phone': (p) => p.secondaryPhone || '',
  Age: (p) => p.age,
  'Age unit': (p) => (p.age === null ? null : p.ageUnit),
};

/** The patient form of spec §5: names and gender required (Male by default), the rest optional. */
export function PatientForm({
  patient,
  prefill = null,
  saving,
  onSubmit,
  onCancel,
  onReload,
}: {
  patient: Patient | null;
  prefill?: PatientPrefill | null;
  saving: boolean;
  /**
   * Saves; on update `version` is that of the patient the form was opened with (If-Match, ADR
   * 0056). A rejection that is a stale save shows who changed what, above the fields.
   */
  onSubmit: (values: PatientFormValues, version?: number) => Promise<unknown> | undefined;
  onCancel: () => void;
  /** The patient as it is now, after a stale save's Reload. */
  onReload?: (current: Patient) => void;
}) {
  // What the form was opened with: the version it saves on and what a conflict is told against.
  const [loaded, setLoaded] = useState(patient);
  const conflict = useEditConflict<Patient>();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, PatientFormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: initialValues(patient, prefill),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, loaded?.version);
    } catch (error) {
      // Other failures were toasted by the api client; the form stays as it is.
      conflict.seen(error);
    }
  });

  const reload = (current: Patient) => {
    reset(initialValues(current, null));
    setLoaded(current);
    conflict.clear();
    onReload?.(current);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Patient form">
      <Stack gap="sm">
        {loaded && (
          <ConflictAlert
            loaded={loaded}
            conflict={conflict.conflict}
            fields={CONFLICT_FIELDS}
            onReload={reload}
          />
        )}
        <SimpleGrid cols={2}>
          <TextInput
            label="First Name"
            withAsterisk
            {...register('firstName')}
            error={errors.firstName?.message}
          />
          <TextInput
            label="Last Name"
            withAsterisk
            {...register('lastName')}
            error={errors.lastName?.message}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Select
              label="Gender"
              withAsterisk
              allowDeselect={false}
              data={Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }))}
              value={field.value === undefined ? null : String(field.value)}
              onChange={(v) => field.onChange(v ? Number(v) : undefined)}
              error={errors.gender?.message}
            />
          )}
        />
        <SimpleGrid cols={2}>
          <TextInput label="Email" {...register('email')} error={errors.email?.message} />
          <TextInput
            label="Secondary Phone"
            inputMode="numeric"
            {...register('secondaryPhone')}
            error={errors.secondaryPhone?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          <TextInput
            label="Age"
            inputMode="numeric"
            {...register('age')}
            error={errors.age?.message}
          />
          <Controller
            control={control}
            name="ageUnit"
            render={({ field }) => (
              <Select
                label="Age unit"
                allowDeselect={false}
                data={AGE_UNITS.map((u) => ({ value: u, label: AGE_UNIT_LABELS[u] }))}
                value={field.value ?? 'YEARS'}
                onChange={(v) => field.onChange(v ?? 'YEARS')}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {patient ? 'Update Patient' : 'Save Patient'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
