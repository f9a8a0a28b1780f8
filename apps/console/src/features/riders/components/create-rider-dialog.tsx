import { PHONE_LENGTH } from '@dastak/core/constants';
import { riderCreateSchema } from '@dastak/core/entities/riders';
import { SUCCESS } from '@dastak/core/messages';
import { snakeToCamel } from '@dastak/core/wire-case';
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
import {
  Controller,
  type FieldPath,
  type Resolver,
  type ResolverOptions,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateRiderMutation } from '../api/create-rider';
import { useRiderRegionsQuery } from '../api/get-rider-regions';
import { groupRegionsByVertical } from '../region-groups';

// One password field: spec §5 sends password2 as a copy of password1, so the form has no
// password2 of its own and the core schema checks what will be sent.
type FormInput = Omit<z.input<typeof riderCreateSchema>, 'password2'>;
type FormOutput = z.output<typeof riderCreateSchema>;

const validateRider = zodResolver(riderCreateSchema);
const resolver: Resolver<FormInput, unknown, FormOutput> = (values, context, options) =>
  // The options name the form's fields; password2 is not one, so none refer to it.
  validateRider(
    { ...values, password2: values.password1 },
    context,
    options as unknown as ResolverOptions<z.input<typeof riderCreateSchema>>,
  );

const EMPTY_FORM: FormInput = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  // Unset until chosen; the schema answers 'Required field'.
  region: undefined as unknown as number,
  password1: '',
  phoneVerified: true,
};

const FIELDS: readonly FieldPath<FormInput>[] = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'region',
  'password1',
];

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
    resolver,
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
          // The server's password2 errors are about the one password field.
          const field = (
            key === 'password2' ? 'password1' : snakeToCamel(key)
          ) as FieldPath<FormInput>;
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
          <PasswordInput
            label="Password"
            withAsterisk
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            error={errors.password1?.message}
            {...register('password1')}
          />
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
