import type { Vertical } from '@dastak/core/states';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconMailForward } from '@tabler/icons-react';
import { useDownloadOrdersCsv } from '../api/download-orders-csv';
import { useSendOrderListingEmail } from '../api/send-order-listing-email';

/**
 * Download CSV and the emailed listing (spec §2.3, §6: CAN_DOWNLOAD_ORDER_LISTING), both for
 * the list's current filter set.
 */
export function OrderListingButtons({
  vertical,
  params,
}: {
  vertical: Vertical;
  params: Record<string, string>;
}) {
  const download = useDownloadOrdersCsv(vertical);
  const email = useSendOrderListingEmail(vertical);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} />}
        loading={email.isPending}
        onClick={() => email.mutate(params)}
      >
        Email CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={download.isPending}
        onClick={() => download.mutate(params)}
      >
        Download CSV
      </Button>
    </>
  );
}
