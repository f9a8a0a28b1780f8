import {
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MessagePage } from '../../../components/message-page';
import { Tag } from '../../../components/tag';
import { ApiError } from '../../../lib/api-client';
import { useRiderQuery } from '../api/get-rider';
import { BulkReassignButton } from '../bulk-reassign/bulk-reassign-button';
import { canForceDeliver, riderFullName } from '../rider-display';
import { ForceDeliverButton } from './force-deliver-button';
import { LastSeenLocationDialog } from './last-seen-location-dialog';
import { RiderDetailsCard } from './rider-details-card';
import { RiderFlagSwitches } from './rider-flag-switches';
import { RiderOrderHistory } from './rider-order-history';
import { RiderStateTag, RiderStatusTag } from './rider-state-tag';

/** /riders/detail/{id} (spec §2.10). */
export function RiderDetailPage() {
  const id = Number(useParams().id);
  const rider = useRiderQuery(id);
  const [mapOpen, mapDialog] = useDisclosure(false);
  const name = rider.data ? riderFullName(rider.data) : 'Rider';
  useDocumentTitle(`${name} · Dastak`);

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (rider.error instanceof ApiError && rider.error.status === 404)
  ) {
    return (
      <MessagePage
        icon={<IconMapPin size={30} />}
        title="Rider not found"
        text="There is no rider with this id. It may have been removed, or the link is wrong."
        action={{ label: 'Back to riders', to: '/riders?ordering=-created' }}
      />
    );
  }
  if (!rider.data) {
    return (
      <Center mih="60vh">
        {rider.isPending ? (
          <Loader aria-label="Loading rider" />
        ) : (
          <Text c="dimmed">The rider could not be loaded. Try again in a moment.</Text>
        )}
      </Center>
    );
  }

  const data = rider.data;
  return (
    <Stack gap="md" p="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/riders?ordering=-created" size="sm">
          Riders
        </Anchor>
        <Text size="sm">{name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Title order={1} fz="h2">
            {name}
          </Title>
          <Group gap="xs">
            <Tag color={data.isActive ? 'green' : 'gray'}>
              {data.isActive ? 'Active' : 'Inactive'}
            </Tag>
            <RiderStatusTag isOnline={data.isOnline} />
            <RiderStateTag state={data.state} />
            {data.isWildcard && <Tag color="violet">Wildcard</Tag>}
            {data.isCovid && <Tag color="red">COVID</Tag>}
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" leftSection={<IconMapPin size={16} />} onClick={mapDialog.open}>
            Last seen location
          </Button>
          <BulkReassignButton riderId={data.id} />
          {canForceDeliver(data) && <ForceDeliverButton rider={data} />}
        </Group>
      </Group>
      <Grid gutter="md">
        <Grid.Col span={8}>
          <RiderDetailsCard rider={data} />
        </Grid.Col>
        <Grid.Col span={4}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Title order={2} fz="h4" mb="md">
              Flags
            </Title>
            <RiderFlagSwitches rider={data} />
          </Paper>
        </Grid.Col>
      </Grid>
      <RiderOrderHistory riderId={data.id} />
      <LastSeenLocationDialog rider={data} opened={mapOpen} onClose={mapDialog.close} />
    </Stack>
  );
}
