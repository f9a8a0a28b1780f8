import type { Order } from '@dastak/core/entities/orders';
import { Anchor, Button, Center, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useOrderActivitiesQuery } from '../api/get-order-activities';
import { ActivityList } from './activity-list';
import { DetailCard } from './detail-card';

/** How many of the newest rows the block itself shows; the dialog shows them all. */
const BLOCK_ROWS = 6;

/** Order activities on the page, and the 'Order Activity' dialog with the whole log. */
export function ActivitiesBlock({ order }: { order: Order }) {
  const [opened, dialog] = useDisclosure(false);
  const query = useOrderActivitiesQuery(order.id);
  const activities = query.data?.pages.flatMap((p) => p.results) ?? [];
  const count = query.data?.pages[0]?.count ?? 0;
  return (
    <DetailCard
      title="Order Activities"
      actions={
        count > 0 && (
          <Anchor component="button" type="button" size="sm" onClick={dialog.open}>
            View all ({count})
          </Anchor>
        )
      }
    >
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading activities" />
        </Center>
      ) : activities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No activity yet
        </Text>
      ) : (
        <ActivityList activities={activities.slice(0, BLOCK_ROWS)} />
      )}
      <Modal opened={opened} onClose={dialog.close} title="Order Activity" size="lg" centered>
        <ScrollArea.Autosize mah="65vh" type="auto" offsetScrollbars>
          <Stack gap="sm">
            <ActivityList activities={activities} />
            {query.hasNextPage && (
              <Button
                variant="default"
                onClick={() => query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                Load More
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Modal>
    </DetailCard>
  );
}
