import { orderRescheduleSchema } from '@dastak/core/entities/order-requests';
import type { Order } from '@dastak/core/entities/orders';
import { ORDER_SUCCESS } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { pickupDateBounds } from '@dastak/core/rules/pickup-window';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Center,
  Chip,
  Group,
  Input,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showSuccessToast } from '../../../lib/toast';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useTimeSlotsQuery } from './api/get-time-slots';
import { useRescheduleOrderMutation } from './api/reschedule-order';
import { ReasonFields } from './reason-fields';

type FormInput = z.input<typeof orderRescheduleSchema>;
type FormOutput = z.output<typeof orderRescheduleSchema>;

/** Reschedule (spec §2.7): static calendar, reason, time slots, Re-schedule Order. */
export default function RescheduleDialog({
  opened,
  onClose,
  order,
}: {
  opened: boolean;
  onClose: () => void;
  order: Order;
}) {
  // Fixed when the dialog mounts, so the bounds do not shift under the user's cursor. The same
  // window as the slots call and the server's check (core rules/pickup-window.ts).
  const [bounds] = useState(() => pickupDateBounds('reschedule', new Date()));
  useReturnFocus(opened);
  const reschedule = useRescheduleOrderMutation(order.vertical, order.id);
  // The calendar opens on the order's own pickup day (ADR 0058): the caller usually moves it by
  // an hour or a day, not from today. A day outside the window falls back to the first allowed.
  const pickupDay = karachiDateString(new Date(order.pickup));
  const startDate =
    pickupDay >= bounds.minDate && pickupDay <= bounds.maxDate ? pickupDay : bounds.minDate;
  const empty: FormInput = {
    date: startDate,
    timeSlot: undefined as unknown as string,
    reason: '',
    rescheduleStringId: undefined as unknown as number,
  };
  const {
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(orderRescheduleSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const date = watch('date');
  const slots = useTimeSlotsQuery(
    order.vertical,
    opened && date
      ? {
          date,
          regionId: order.region,
          isCovid: order.isCovid,
          orderId: order.id,
          customerAddressId: order.customerAddress.id,
        }
      : null,
  );

  const close = () => {
    reset(empty);
    onClose();
  };

  const submit = handleSubmit((values) =>
    reschedule.mutate(values, {
      onSuccess: (data) => {
        showSuccessToast(data?.detail || ORDER_SUCCESS.RESCHEDULED);
        close();
      },
      // The api client has toasted why (e.g. the slot is no longer available, ADR 0021): show
      // the slots as they are now, with none picked, so the agent picks another.
      onError: () => {
        setValue('timeSlot', undefined as unknown as string);
        void slots.refetch();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Re-schedule Order" size="xl" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Current pickup: {formatDisplayDate(order.pickup)} {formatTime12(order.pickup)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Input.Wrapper label="Date" withAsterisk error={errors.date?.message}>
              <DatePicker
                aria-label="Re-schedule date"
                value={date}
                defaultDate={startDate}
                minDate={bounds.minDate}
                maxDate={bounds.maxDate}
                onChange={(value) => {
                  if (!value) return;
                  setValue('date', value, { shouldValidate: true });
                  // A slot belongs to its date; a new date needs a new choice.
                  setValue('timeSlot', undefined as unknown as string);
                }}
              />
            </Input.Wrapper>
            <Stack gap="sm">
              <ReasonFields
                control={control}
                kind="reschedule"
                vertical={order.vertical}
                reasonName="rescheduleStringId"
                detailsName="reason"
                detailsPlaceholder="Why is the pickup moving?"
                detailsRows={2}
              />
            </Stack>
          </SimpleGrid>
          <Controller
            control={control}
            name="timeSlot"
            render={({ field }) => (
              <Input.Wrapper
                label={`Time slots on ${formatDisplayDate(date)}`}
                withAsterisk
                error={errors.timeSlot?.message}
              >
                {slots.isPending && slots.fetchStatus !== 'idle' ? (
                  <Center py="md">
                    <Loader size="sm" aria-label="Loading time slots" />
                  </Center>
                ) : (slots.data ?? []).length === 0 ? (
                  <Text size="sm" c="dimmed" py="sm">
                    No free time slots on this date.
                  </Text>
                ) : (
                  <Chip.Group
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value)}
                  >
                    <Group gap="xs" mt={6} role="radiogroup" aria-label="Time slots">
                      {(slots.data ?? []).map((slot) => (
                        <Chip key={slot.id} value={slot.id} size="sm">
                          {formatTime12(slot.dateTime)}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                )}
              </Input.Wrapper>
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={reschedule.isPending}>
              Re-schedule Order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
