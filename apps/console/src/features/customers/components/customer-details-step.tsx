import { PHONE_LENGTH } from '@dastak/core/constants';
import { type Customer, customerCreateSchema } from '@dastak/core/entities/customers';
import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate } from '@dastak/core/rules/format';
import { GENDER_LABELS, GENDERS, type Gender } from '@dastak/core/states';
import { snakeToCamel } from '@dastak/core/wire-case';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ConflictAlert } from '../../../components/conflict-alert';
import { ApiError } from '../../../lib/api-client';
import { parseDateField } from '../../../lib/date-field';
import { type ConflictFields, useEditConflict } from '../../../lib/edit-conflict';

/** On update the number is read-only, so the phone rule is left out (spec §5). */
const updateFormSchema = customerCreateSchema.omit({ phone: true });

type CreateInput = z.input<typeof customerCreateSchema>;
type CreateOutput = z.output<typeof customerCreateSchema>;
export type CustomerDetailsValues = CreateOutput;

const GENDER_OPTIONS = Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label }));

const FIELDS: readonly FieldPath<CreateInput>[] = [
  'phone',
  'firstName',
  'lastName',
  'email',
  'gender',
  'dob',
];

/** The form's fields as it labels them, for 'Sara Khan changed Email since you opened this form.' */
const CONFLICT_FIELDS: ConflictFields<Customer> = {
  'First Name': (c) => c.firstName,
  'Last Name': (c) => c.lastName,
  Email: (c) => c.email || '',
  Gender: (c) => c.gender,
  'Date of Birth': (c) => c.dob,
};

function defaultsFor(customer: Customer | undefined, typedPhone: string | null): CreateInput {
  return {
    // The order create page's 'click here to create customer' passes the number it was given.
    phone: customer?.phone ?? (typedPhone ?? '').replace(/\D/g, '').slice(0, PHONE_LENGTH),
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
    gender: customer?.gender ?? GENDERS.MALE,
    // Unset until chosen; the schema answers 'Required field'.
    dob: customer?.dob ?? undefined,
  };
}

/**
 * Step 1 of the customer wizard (spec §2.9, §5): the core schema validates, the server has the
 * last word (its field errors land under their fields). On update the number and the last order
 * date are shown read-only.
 */
export function CustomerDetailsStep({
  customer,
  submitLabel,
  saving,
  onSubmit,
  onReload,
}: {
  /** Present on update. */
  customer?: Customer;
  submitLabel: string;
  saving: boolean;
  /**
   * Resolves when saved; rejects with the server's error to show under the fields. On update,
   * `version` is that of the customer the form was opened with (If-Match, ADR 0056).
   */
  onSubmit: (values: CustomerDetailsValues, version?: number) => Promise<unknown>;
  /** The customer as it is now, after a stale save's Reload. */
  onReload?: (current: Customer) => void;
}) {
  const isUpdate = customer !== undefined;
  const [searchParams] = useSearchParams();
  // What the form was opened with: a refetch meanwhile must not move the version it saves on.
  const [loaded, setLoaded] = useState(customer);
  const conflict = useEditConflict<Customer>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreateInput, unknown, CreateOutput>({
    // The update schema has no phone; the read-only number still rides in the form values.
    resolver: zodResolver(
      (isUpdate ? updateFormSchema : customerCreateSchema) as typeof customerCreateSchema,
    ),
    mode: 'onTouched',
    defaultValues: defaultsFor(customer, searchParams.get('phone')),
  });

  const submit = handleSubmit((values) =>
    onSubmit(values, loaded?.version).catch((error: unknown) => {
      // Someone saved first: the form keeps its values and says who changed what.
      if (conflict.seen(error)) return;
      // The api client has toasted the detail; field messages go under their fields.
      if (!(error instanceof ApiError) || !error.errors) return;
      for (const [key, messages] of Object.entries(error.errors)) {
        const field = snakeToCamel(key) as FieldPath<CreateInput>;
        if (FIELDS.includes(field) && messages[0]) setError(field, { message: messages[0] });
      }
    }),
  );

  const reload = (current: Customer) => {
    reset(defaultsFor(current, null));
    setLoaded(current);
    conflict.clear();
    onReload?.(current);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={720}>
        {loaded && (
          <ConflictAlert
            loaded={loaded}
            conflict={conflict.conflict}
            fields={CONFLICT_FIELDS}
            onReload={reload}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {isUpdate ? (
            <>
              <TextInput label="Customer Number" value={customer.phone} readOnly variant="filled" />
              <TextInput
                label="Last Order Date"
                value={
                  customer.lastOrder ? formatDisplayDate(customer.lastOrder.created) : EMPTY.DASHES
                }
                readOnly
                variant="filled"
              />
            </>
          ) : (
            <TextInput
              label="Customer Number"
              withAsterisk
              inputMode="numeric"
              maxLength={PHONE_LENGTH}
              placeholder="03XXXXXXXXX"
              error={errors.phone?.message}
              {...register('phone')}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="First Name"
            withAsterisk
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last Name"
            withAsterisk
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="Email"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <Select
                label="Gender"
                withAsterisk
                data={GENDER_OPTIONS}
                allowDeselect={false}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? (Number(value) as Gender) : undefined)}
                onBlur={field.onBlur}
                error={errors.gender?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="dob"
            render={({ field }) => (
              <DateInput
                label="Date of Birth"
                withAsterisk
                placeholder="DD/MM/YYYY"
                valueFormat="DD/MM/YYYY"
                dateParser={parseDateField}
                clearable
                value={typeof field.value === 'string' ? field.value : null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                error={errors.dob?.message}
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
