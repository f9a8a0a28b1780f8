import type { RiderState } from '@dastak/core/states';
import { Badge } from '@mantine/core';
import { Tag } from '../../../components/tag';
import { riderStateColor, riderStateLabel } from '../rider-display';

export function RiderStateTag({ state }: { state: RiderState }) {
  return <Tag color={riderStateColor(state)}>{riderStateLabel(state)}</Tag>;
}

export function RiderStatusTag({ isOnline }: { isOnline: boolean }) {
  return (
    <Badge color={isOnline ? 'green' : 'gray'} variant="dot" radius="sm" tt="none">
      {isOnline ? 'Online' : 'Offline'}
    </Badge>
  );
}
