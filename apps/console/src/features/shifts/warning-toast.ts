import { notifications } from '@mantine/notifications';

/** The shift screens' warnings (spec §5): same place as every toast, in yellow. */
export function showWarningToast(message: string): void {
  notifications.show({ id: `warning:${message}`, color: 'yellow', message });
}
