import { Box } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { MessagePage } from './message-page';

/** Rendered outside the staff layout (any unknown path), so it brings its own main landmark. */
export function NotFoundPage() {
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <MessagePage
        icon={<IconMapQuestion size={30} />}
        title="Page not found"
        text="There is no page at this address. Check the link, or start again from the dashboard."
      />
    </Box>
  );
}
