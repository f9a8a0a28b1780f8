import type { Rider, RiderFlags } from '@dastak/core/entities/riders';
import { SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Stack, Switch, Text } from '@mantine/core';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../auth/hooks/use-session';
import { useUpdateRiderFlagsMutation } from '../api/update-rider-flags';

type FlagKey = keyof RiderFlags;

const FALLBACK_TOAST: Record<FlagKey, string> = {
  isWildcard: SUCCESS.RIDER_WILDCARD,
  isCovid: SUCCESS.RIDER_COVID,
  isOnDuty: SUCCESS.RIDER_DUTY,
};

/**
 * Wildcard and COVID need CAN_CHANGE_USER (spec §6); duty also opens to 'Can assign order'. Each
 * switch sends only its own flag and toasts the server's answer.
 */
export function RiderFlagSwitches({ rider }: { rider: Rider }) {
  const canChangeUser = useHasPermission(PERMISSIONS.CAN_CHANGE_USER);
  // The server lets dispatchers (who assign orders) change duty too.
  const canAssignOrder = useHasPermission(PERMISSIONS.CAN_ASSIGN_ORDER);
  const canChangeDuty = canChangeUser || canAssignOrder;
  const update = useUpdateRiderFlagsMutation(rider.id);
  const pendingKey = update.isPending
    ? (Object.keys(update.variables ?? {})[0] as FlagKey | undefined)
    : undefined;

  const toggle = (key: FlagKey, value: boolean) =>
    update.mutate({ [key]: value } as RiderFlags, {
      onSuccess: (data) => showSuccessToast(data?.detail || FALLBACK_TOAST[key]),
    });

  const flagSwitch = (key: FlagKey, label: string, allowed: boolean) => (
    <Switch
      label={label}
      checked={rider[key]}
      disabled={!allowed || update.isPending}
      onChange={(event) => toggle(key, event.currentTarget.checked)}
      aria-busy={pendingKey === key}
      size="md"
    />
  );

  return (
    <Stack gap="md">
      {flagSwitch('isWildcard', 'Wildcard', canChangeUser)}
      {flagSwitch('isCovid', 'COVID', canChangeUser)}
      {flagSwitch('isOnDuty', rider.isOnDuty ? 'On duty' : 'Off duty', canChangeDuty)}
      {!canChangeUser && (
        <Text size="xs" c="dimmed">
          {canChangeDuty
            ? 'Changing Wildcard and COVID needs the change-user permission.'
            : 'Changing these flags needs the change-user permission.'}
        </Text>
      )}
    </Stack>
  );
}
