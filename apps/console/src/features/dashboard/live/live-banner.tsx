import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { StreamStatus } from './realtime-connection';

export const LIVE_PAUSED_TEXT = 'Live updates paused — reconnecting';

/** Shown while the stream is down; the dashboard polls meanwhile, so the data keeps coming. */
export function LiveBanner({ status }: { status: StreamStatus }) {
  if (status !== 'down') return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconPlugConnectedX size={18} />}
      role="status"
      py={6}
    >
      {LIVE_PAUSED_TEXT}
    </Alert>
  );
}
