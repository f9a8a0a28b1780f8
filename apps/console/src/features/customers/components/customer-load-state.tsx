import { Center, Loader, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { MessagePage } from '../../../components/message-page';
import { ApiError } from '../../../lib/api-client';

export const CUSTOMERS_LIST_PATH = '/customers?ordering=-created';

/**
 * What a customer screen shows before it has its customer: not found for a bad id or a 404,
 * otherwise a spinner or the load failure. Null once the customer is there.
 */
export function CustomerLoadState({
  id,
  error,
  isPending,
}: {
  id: number;
  error: Error | null;
  isPending: boolean;
}) {
  if (!Number.isInteger(id) || id <= 0 || (error instanceof ApiError && error.status === 404)) {
    return (
      <MessagePage
        icon={<IconUserQuestion size={30} />}
        title="Customer not found"
        text="There is no customer with this id. It may have been removed, or the link is wrong."
        action={{ label: 'Back to customers', to: CUSTOMERS_LIST_PATH }}
      />
    );
  }
  return (
    <Center mih="60vh">
      {isPending ? (
        <Loader aria-label="Loading customer" />
      ) : (
        <Text c="dimmed">The customer could not be loaded. Try again in a moment.</Text>
      )}
    </Center>
  );
}
