import type { Order } from '@dastak/core/entities/orders';
import { EMPTY } from '@dastak/core/messages';
import { GENDER_LABELS } from '@dastak/core/states';
import { Anchor, Button, Divider, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPins } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Tag } from '../../../components/tag';
import { DetailCard, DetailField } from './detail-card';
import { PinActivityDialog } from './pin-activity-dialog';

const orNa = (value: string | null | undefined) => (value ? value : EMPTY.NA);

/** Customer, patient and the address the order is collected from (spec §2.6 customer profile). */
export function CustomerProfileBlock({ order }: { order: Order }) {
  const { customer, patient, customerAddress } = order;
  const [pinsOpen, pins] = useDisclosure(false);
  const customerName = `${customer.firstName} ${customer.lastName}`.trim();
  return (
    <DetailCard title="Customer Profile">
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <DetailField label="Customer">
            <Anchor component={Link} to={`/customers/detail/${customer.id}`} size="sm">
              {customerName || EMPTY.NA}
            </Anchor>
          </DetailField>
          <DetailField label="Phone">{customer.phone}</DetailField>
          <DetailField label="Email">{orNa(customer.email)}</DetailField>
        </SimpleGrid>
        <Divider />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <DetailField label="Patient">
            {`${patient.firstName} ${patient.lastName}`.trim() || EMPTY.NA}
          </DetailField>
          <DetailField label="Gender">{GENDER_LABELS[patient.gender] ?? EMPTY.NA}</DetailField>
          <DetailField label="Age">{orNa(patient.ageString)}</DetailField>
          <DetailField label="Patient phone">{orNa(patient.phone ?? customer.phone)}</DetailField>
          <DetailField label="Card number">{orNa(patient.cardNumber)}</DetailField>
        </SimpleGrid>
        <Divider />
        <DetailField label="Address">
          <span data-testid="order-address">{order.address || customerAddress.address}</span>
        </DetailField>
        <Group gap="xs">
          {order.regionName && <Tag color="gray">{order.regionName}</Tag>}
          <Tag color={customerAddress.verified ? 'green' : 'orange'}>
            {customerAddress.verified ? 'Verified address' : 'Unverified address'}
          </Tag>
          {!customerAddress.isValid && <Tag color="red">Invalid pin</Tag>}
        </Group>
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconMapPins size={16} />}
            onClick={pins.open}
          >
            Pin Activity
          </Button>
        </Group>
      </Stack>
      <PinActivityDialog order={order} opened={pinsOpen} onClose={pins.close} />
    </DetailCard>
  );
}
