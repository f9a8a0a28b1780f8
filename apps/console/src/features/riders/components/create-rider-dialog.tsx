import { PHONE_LENGTH } from '@dastak/core/constants';
import { riderCreateSchema } from '@dastak/core/entities/riders';
import { SUCCESS } from '@dastak/core/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateRiderMutation } from '../api/create-rider';
import { useRiderRegionsQuery } from '../api/get-rider-regions';
import { groupRegionsByVertical } from '../region-groups';

type FormInput = z.input<typeof riderCreateSchema>;
type FormOutput = z.output<typeof riderCreateSchema>;

const EMPTY_FORM: FormInput = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  // Unset until chosen; the schema answers 'Required field'.
  region: undefined as unknown as number,
  password1: '',
  password2: '',
  phoneVerified: true,
};

const FIELDS: readonly FieldPath<FormInput>[] = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'region',
  'password1',
  'password2',
];

const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Create Rider (spec §2.10, §5): the core schema validates, the server has the last word. */
export function CreateRiderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateRiderMutation();
  const regions = useRiderRegionsQuery();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(riderCreateSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_FORM,
  });

  const close = () => {
    reset(EMPTY_FORM);
    onClose();
  };

  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (data) => {
        showSuccessToast(data?.detail || SUCCESS.RIDER_CREATED);
        close();
      },
      onError: (error) => {
        // The api client has toasted the detail; field messages go under their fields.
        if (!(error instanceof ApiError) || !error.errors) return;
        for (const [key, messages] of Object.entries(error.errors)) {
          const field = toCamel(key) as FieldPath<FormInput>;
          if (FIELDS.includes(field) && messages[0]) setError(field, { message: messages[0] });
        }
      },
    }),
  );

  const regionOptions = groupRegionsByVertical(regions.data?.results ?? []).map((group) => ({
    group: group.label,
    items: group.regions.map((r) => ({ value: String(r.id), label: r.name })),
  }));

  return (
    <Modal opened={opened} onClose={close} title="Create Rider" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm">
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
              label="Phone"
              withAsterisk
              inputMode="numeric"
              maxLength={PHONE_LENGTH}
              placeholder="03XXXXXXXXX"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              error={errors.email?.message}
              {...register('email')}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="region"
            render={({ field }) => (
              <Select
                label="Region"
                withAsterisk
                placeholder="Select region"
                searchable
                data={regionOptions}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                onBlur={field.onBlur}
                error={errors.region?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <SimpleGrid cols={2} spacing="sm">
            <PasswordInput
              label="Password"
              withAsterisk
              autoComplete="new-password"
              error={errors.password1?.message}
              {...register('password1')}
            />
            <PasswordInput
              label="Confirm Password"
              withAsterisk
              autoComplete="new-password"
              error={errors.password2?.message}
              {...register('password2')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Rider
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
