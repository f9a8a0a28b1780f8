import { Center, Loader, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { MessagePage } from '../../../components/message-page';
import { ApiError } from '../../../lib/api-client';

/** True when the id in the URL cannot be an order, or the server says there is none. */
export function isMissingOrder(id: number, error: unknown): boolean {
  return !Number.isInteger(id) || id <= 0 || (error instanceof ApiError && error.status === 404);
}

export function OrderNotFound({ back }: { back: { label: string; to: string } }) {
  return (
    <MessagePage
      icon={<IconFileSearch size={30} />}
      title="Order not found"
      text="There is no order with this id. It may be in the other vertical, or the link is wrong."
      action={back}
    />
  );
}

export function OrderLoading({ pending }: { pending: boolean }) {
  return (
    <Center mih="60vh">
      {pending ? (
        <Loader aria-label="Loading order" />
      ) : (
        <Text c="dimmed">The order could not be loaded. Try again in a moment.</Text>
      )}
    </Center>
  );
}
