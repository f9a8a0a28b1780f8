import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconMailForward } from '@tabler/icons-react';
import { useDownloadAttendanceCsv } from '../api/download-attendance-csv';
import { useSendAttendanceListingEmail } from '../api/send-attendance-listing-email';

/**
 * Download and the emailed listing (spec §2.11, §6: CAN_DOWNLOAD_ATTENDANCE_LISTING), both for
 * the list's current filters, as the orders list offers the pair.
 */
export function AttendanceListingButtons({ params }: { params: Record<string, string> }) {
  const download = useDownloadAttendanceCsv();
  const email = useSendAttendanceListingEmail();
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
        Download
      </Button>
    </>
  );
}
