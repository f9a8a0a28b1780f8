import { Alert } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { LIVE_PAUSED_TEXT } from './live-banner-text';

/** The outage banner itself (see live-banner.tsx for why it loads apart). */
export default function LiveBannerAlert() {
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
