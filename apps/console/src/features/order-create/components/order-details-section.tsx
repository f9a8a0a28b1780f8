import { ADDITIONAL_NOTES_MAX, CURRENCY } from '@dastak/core/constants';
import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import type { OrderTimeSlot } from '@dastak/core/entities/lookups';
import { ORDER_CREATE_MESSAGES } from '@dastak/core/messages/order-create';
import { groupThousands } from '@dastak/core/rules/format';
import { orderTotal, validateDiscount } from '@dastak/core/rules/order-total';
import {
  type FulfillmentMethod,
  ORDER_TYPE_LABELS,
  ORDER_TYPES,
  type Vertical,
} from '@dastak/core/states';
import {
  Alert,
  Card,
  Checkbox,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconMapPinExclamation } from '@tabler/icons-react';
import { parseDateField } from '../../../lib/date-field';
import { useRegionsQuery } from '../../locations/public';
import { addressRegionProblem } from '../address-region';
import { useOrderSourcesQuery } from '../api/get-lookups';
import type { DraftErrors, OrderDraft } from '../order-payload';
import { AddressList } from './address-list';
import { TestPicker } from './test-picker';
import { FastingSlotWarning, TimeSlotPicker } from './time-slot-picker';

/** 'Order Type': the §4 flags Regular (online) and Hospital (offline), sent as fulfillmentMethod. */
const ORDER_TYPE_OPTIONS: { value: FulfillmentMethod; label: string }[] = [
  { value: 'online', label: ORDER_TYPE_LABELS[ORDER_TYPES.ONLINE] ?? 'Regular' },
  { value: 'offline', label: ORDER_TYPE_LABELS[ORDER_TYPES.OFFLINE] ?? 'Hospital' },
];

/** Region, address, tests, money, type/source, pickup and notes of the create form. */
export function OrderDetailsSection({
  vertical,
  draft,
  errors,
  addresses,
  hasCustomer,
  slots,
  slotsLoading,
  dateBounds,
  onChange,
  onSelectAddress,
  onAddAddress,
  onDeleteAddress,
}: {
  vertical: Vertical;
  draft: OrderDraft;
  errors: DraftErrors;
  addresses: CustomerAddress[];
  hasCustomer: boolean;
  slots: OrderTimeSlot[];
  slotsLoading: boolean;
  dateBounds: { minDate: string; maxDate: string };
  onChange: (patch: Partial<OrderDraft>) => void;
  onSelectAddress: (address: CustomerAddress) => void;
  onAddAddress: () => void;
  onDeleteAddress: (address: CustomerAddress) => void;
}) {
  const regions = useRegionsQuery(vertical);
  const sources = useOrderSourcesQuery(vertical);
  // Locked only on a value the chosen address set (spec §4; ADR 0058).
  const regionLocked =
    draft.regionSetByAddress && draft.regionId !== null && draft.addressId !== null;
  const problem = addressRegionProblem(
    addresses.find((a) => a.id === draft.addressId),
    vertical,
  );
  const total = orderTotal(
    draft.tests.map((t) => t.value),
    draft.discount,
  );
  const discountError = validateDiscount(draft.discount);
  // The server marks the order fasting when a test requires it (order-tests.ts).
  const fasting = draft.tests.some((t) => t.requiresFasting === true);

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={4}>Order Information</Title>
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Select
                label="Region"
                withAsterisk
                placeholder="Select region"
                // Typing narrows the list (an agent on the phone knows the area's name).
                searchable
                nothingFoundMessage="No region of that name"
                data={(regions.data?.results ?? []).map((r) => ({
                  value: String(r.id),
                  label: r.name,
                }))}
                value={draft.regionId === null ? null : String(draft.regionId)}
                onChange={(v) =>
                  onChange({ regionId: v ? Number(v) : null, regionSetByAddress: false })
                }
                disabled={regionLocked}
                description={regionLocked ? ORDER_CREATE_MESSAGES.REGION_FROM_ADDRESS : undefined}
                error={errors.region}
              />
              <AddressList
                addresses={addresses}
                selectedId={draft.addressId}
                hasCustomer={hasCustomer}
                error={errors.customerAddress}
                onSelect={onSelectAddress}
                onAdd={onAddAddress}
                onDelete={onDeleteAddress}
              />
              {problem && (
                <Alert
                  color={problem.kind === 'otherVertical' ? 'red' : 'yellow'}
                  icon={<IconMapPinExclamation size={18} />}
                  data-testid="address-region-warning"
                  role="alert"
                >
                  <Text size="sm">{problem.message}</Text>
                  {problem.kind === 'otherVertical' && (
                    <Text size="sm" mt={4}>
                      {ORDER_CREATE_MESSAGES.addressLiesIn(problem.regions)}
                    </Text>
                  )}
                </Alert>
              )}
              <TestPicker
                vertical={vertical}
                tests={draft.tests}
                error={errors.scanType}
                onChange={(tests) => onChange({ tests })}
              />
              <Group align="flex-start" grow>
                <TextInput
                  label="Discount (%)"
                  inputMode="decimal"
                  value={draft.discount}
                  onChange={(e) => onChange({ discount: e.currentTarget.value })}
                  error={discountError ?? errors.discount ?? errors.value}
                />
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    Total
                  </Text>
                  <Text size="xl" fw={700} data-testid="order-total">
                    {CURRENCY} {groupThousands(total)}
                  </Text>
                </Stack>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Group grow align="flex-start">
                <Select
                  label="Order Type"
                  withAsterisk
                  placeholder="Select order type"
                  data={ORDER_TYPE_OPTIONS}
                  value={draft.fulfillmentMethod}
                  onChange={(v) => onChange({ fulfillmentMethod: v as FulfillmentMethod | null })}
                  error={errors.fulfillmentMethod ?? errors.orderType}
                />
                <Select
                  label="Order Source"
                  withAsterisk
                  placeholder="Select order source"
                  data={(sources.data ?? []).map((s) => ({ value: String(s.id), label: s.text }))}
                  value={draft.orderSource === null ? null : String(draft.orderSource)}
                  onChange={(v) => onChange({ orderSource: v ? Number(v) : null })}
                  error={errors.orderSource}
                />
              </Group>
              <Group grow align="flex-start">
                <DateInput
                  label="Pickup Date"
                  withAsterisk
                  placeholder="DD/MM/YYYY"
                  valueFormat="DD/MM/YYYY"
                  // Typed as the caller says it (ADR 0058), or picked from the calendar; a day
                  // outside the window is not taken (the field goes back on blur).
                  dateParser={parseDateField}
                  minDate={dateBounds.minDate}
                  maxDate={dateBounds.maxDate}
                  value={draft.date}
                  onChange={(v) => onChange({ date: v })}
                  error={errors.date}
                  // Focus stays in the field while a day is picked (the calendar takes no focus),
                  // so Tab goes on to the slots (keyboard-first booking). Returning
                  // focus on close would pull it back from the slots.
                />
                <TimeSlotPicker
                  slots={slots}
                  loading={slotsLoading}
                  ready={draft.regionId !== null && draft.date !== null}
                  fasting={fasting}
                  value={draft.timeSlot}
                  error={errors.timeSlot}
                  onChange={(v) => onChange({ timeSlot: v })}
                />
              </Group>
              {fasting && <FastingSlotWarning slotId={draft.timeSlot} />}
              <Checkbox
                label="Urgent Delivery"
                checked={draft.urgentDelivery}
                onChange={(e) => onChange({ urgentDelivery: e.currentTarget.checked })}
              />
              <Textarea
                label="Additional Comments"
                autosize
                minRows={3}
                value={draft.additionalNotes}
                onChange={(e) => onChange({ additionalNotes: e.currentTarget.value })}
                error={errors.additionalNotes}
                description={`${draft.additionalNotes.length}/${ADDITIONAL_NOTES_MAX}`}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}
