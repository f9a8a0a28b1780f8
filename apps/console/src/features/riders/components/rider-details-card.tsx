import type { Rider } from '@dastak/core/entities/riders';
import { EMPTY } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Tag } from '../../../components/tag';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const orNa = (value: string | null | undefined) => (value ? value : EMPTY.NA);

function networkText(state: boolean | null) {
  if (state === null) return EMPTY.NA;
  return state ? 'Connected' : 'Disconnected';
}

function appVersionText(rider: Rider) {
  const { appVersion, isUsingLatestApp } = rider.profile;
  if (!appVersion) return EMPTY.NA;
  return `${appVersion} ${isUsingLatestApp ? '(latest)' : '(outdated)'}`;
}

/** Profile and device fields of spec §2.10; anything missing reads N/A or '---' (spec §8). */
export function RiderDetailsCard({ rider }: { rider: Rider }) {
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Title order={2} fz="h4" mb="md">
        Profile
      </Title>
      <SimpleGrid cols={3} spacing="lg" verticalSpacing="md">
        <Field label="Region">{orNa(rider.profile.region?.name)}</Field>
        <Field label="Joined">{formatDisplayDate(rider.dateJoined) || EMPTY.NA}</Field>
        <Field label="Email">{orNa(rider.email)}</Field>
        <Field label="Phone">
          <Group gap={6} wrap="nowrap">
            <span>{rider.phone}</span>
            <Tag size="sm" color={rider.phoneVerified ? 'green' : 'gray'}>
              {rider.phoneVerified ? 'Verified' : 'Unverified'}
            </Tag>
          </Group>
        </Field>
        <Field label="Battery">{rider.battery == null ? EMPTY.NA : `${rider.battery}%`}</Field>
        <Field label="Network">{networkText(rider.networkState)}</Field>
        <Field label="Mobile model">{orNa(rider.profile.mobileModel)}</Field>
        <Field label="App version">{appVersionText(rider)}</Field>
        <Field label="Break ends">
          {rider.shiftBreakEndTime ? formatTime12(rider.shiftBreakEndTime) : EMPTY.DASHES}
        </Field>
        <Field label="City">{orNa(rider.cityName)}</Field>
        <Field label="Cell">{orNa(rider.cell?.name)}</Field>
        <Field label="Completed orders">{rider.completedOrdersCount}</Field>
      </SimpleGrid>
      <Stack mt="md">
        <Field label="Address">{orNa(rider.address)}</Field>
      </Stack>
    </Paper>
  );
}
