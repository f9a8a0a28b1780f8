import { Box, Button, Center, Loader, Text } from '@mantine/core';
import { useScrollToBottom } from './use-scroll-to-bottom';

/** How far a paged list has loaded (listLoadProps makes it from an infinite query). */
export type ListLoadProps = {
  /** The list could not be read (no permission, server down): said instead of the empty text. */
  errorText?: string;
  /** First page still loading: a spinner instead of the empty text. */
  loading?: boolean;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
};

/**
 * Under a list's rows: a spinner while the first page loads, the empty (or error) text when
 * there are no rows, and while pages follow, Load More and the next page on scrolling to the
 * bottom (debounced, spec §2.3).
 */
export function ListFooter({
  empty,
  emptyText,
  errorText,
  loading = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
}: ListLoadProps & { empty: boolean; emptyText: string }) {
  const canLoadMore = hasMore && !loadingMore && !loading && onLoadMore !== undefined;
  useScrollToBottom(() => {
    if (canLoadMore) onLoadMore();
  }, canLoadMore);
  return (
    <>
      {loading && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      )}
      {!loading && empty && (
        <Text ta="center" c="dimmed" py="xl">
          {errorText ?? emptyText}
        </Text>
      )}
      {!loading && hasMore && onLoadMore && (
        <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Center>
            <Button variant="light" onClick={onLoadMore} loading={loadingMore}>
              Load More
            </Button>
          </Center>
        </Box>
      )}
    </>
  );
}
