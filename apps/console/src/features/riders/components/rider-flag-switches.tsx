import type { Rider, RiderFlags } from '@dastak/core/entities/riders';
import { SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Stack, Switch, Text } from '@mantine/core';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { useUpdateRiderFlagsMutation } from '../api/update-rider-flags';

type FlagKey = keyof RiderFlags;

const FALLBACK_TOAST: Record<FlagKey, string> = {
  isWildcard: SUCCESS.RIDER_WILDCARD,
  isCovid: SUCCESS.RIDER_COVID,
  isOnDuty: SUCCESS.RIDER_DUTY,
};

/**
 * Wildcard and COVID need CAN_CHANGE_USER (spec §6); duty also opens to 'Can assign order'. A
 * switch the user may not use is not shown at all, as every other gated control (Create Rider,
 * patient Delete); the page header still shows the Wildcard and COVID tags, and duty is shown as
 * text. Each switch sends only its own flag and toasts the server's answer.
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

  const flagSwitch = (key: FlagKey, label: string) => (
    <Switch
      label={label}
      checked={rider[key]}
      disabled={update.isPending}
      onChange={(event) => toggle(key, event.currentTarget.checked)}
      aria-busy={pendingKey === key}
      size="md"
    />
  );
  const dutyLabel = rider.isOnDuty ? 'On duty' : 'Off duty';

  return (
    <Stack gap="md">
      {canChangeUser && flagSwitch('isWildcard', 'Wildcard')}
      {canChangeUser && flagSwitch('isCovid', 'COVID')}
      {canChangeDuty ? flagSwitch('isOnDuty', dutyLabel) : <Text size="sm">{dutyLabel}</Text>}
    </Stack>
  );
}
