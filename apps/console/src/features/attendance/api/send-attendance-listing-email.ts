import { SUCCESS } from '@dastak/core/messages';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';

/**
 * GET /shift/send_attendance_listing_email/ with the list's current filters: the server mails
 * the CSV of that view to the signed-in user through the outbox.
 */
export function sendAttendanceListingEmail(
  params: Record<string, string>,
): Promise<{ detail: string }> {
  return api.get('/shift/send_attendance_listing_email/', { query: params });
}

export function useSendAttendanceListingEmail() {
  return useMutation({
    mutationFn: (params: Record<string, string>) => sendAttendanceListingEmail(params),
    onSuccess: () => showSuccessToast(SUCCESS.ATTENDANCE_LISTING_EMAIL),
  });
}
