import { notifications } from '@mantine/notifications';

/** One look for every toast. The id dedupes: ten failed calls at once make one toast, not ten. */
export function showErrorToast(message: string): void {
  notifications.show({ id: `error:${message}`, color: 'red', message });
}

export function showSuccessToast(message: string): void {
  notifications.show({ id: `success:${message}`, color: 'teal', message });
}
