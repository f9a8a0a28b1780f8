import type { Order } from '@dastak/core/entities/orders';
import { VERTICAL_LABELS } from '@dastak/core/states';
import { Anchor, Breadcrumbs, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from '../../../components/tag';
import { OrderStateTag } from '../list/order-state-tag';
import { ActivitiesBlock } from './activities-block';
import { CustomerLinksBlock } from './customer-links-block';
import { CustomerProfileBlock } from './customer-profile-block';
import { FeedbackBlock } from './feedback-block';
import { FollowUpBlock } from './follow-up-block';
import { NeedsReviewStar } from './needs-review-star';
import { NotesBlock } from './notes-block';
import { OrderDetailsBlock } from './order-details-block';
import { OrderMapBlock } from './order-map-block';
import { PrescriptionBlock } from './prescription-block';
import { RiderBlock } from './rider-block';
import { StatusBlock } from './status-block';
import { TubesBlock } from './tubes-block';

export type DetailCrumb = { label: string; to: string };

/**
 * Every block of the order detail (spec §2.6), shared by the blood and X-ray details and the
 * unverified order detail, which differ in their breadcrumb and their action buttons.
 */
export function OrderDetailView({
  order,
  crumb,
  actions,
}: {
  order: Order;
  crumb: DetailCrumb;
  actions: ReactNode;
}) {
  useDocumentTitle(`${order.number} · Dastak`);
  return (
    <Stack gap="md" p="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={crumb.to} size="sm">
          {crumb.label}
        </Anchor>
        <Text size="sm">{order.number}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="xs" align="center">
          <Title order={1} fz="h2">
            {order.number}
          </Title>
          <NeedsReviewStar order={order} />
          <Tag color="gray">{VERTICAL_LABELS[order.vertical]}</Tag>
          <OrderStateTag state={order.state} />
        </Group>
        {actions}
      </Group>
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <StatusBlock order={order} />
            <OrderMapBlock order={order} />
            <OrderDetailsBlock order={order} />
            <NotesBlock order={order} />
            <PrescriptionBlock order={order} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <CustomerProfileBlock order={order} />
            <RiderBlock order={order} />
            <TubesBlock order={order} />
            <FollowUpBlock order={order} />
            <FeedbackBlock order={order} />
            <CustomerLinksBlock order={order} />
            <ActivitiesBlock order={order} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
