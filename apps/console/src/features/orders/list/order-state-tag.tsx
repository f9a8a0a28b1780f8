import { ORDER_STATE_LABELS, type OrderState } from '@dastak/core/states';
import {
  IconAlertTriangle,
  IconBan,
  IconCalendarTime,
  IconCircleCheck,
  IconFlask,
  IconHelpCircle,
  IconMapPin,
  IconMotorbike,
  IconPackage,
  IconUserQuestion,
  type TablerIcon,
} from '@tabler/icons-react';
import { Tag, type TagColor } from '../../../components/tag';

type StateLook = { color: TagColor; Icon: TablerIcon };

/** One icon and colour per state (spec §4: chosen per state, needs-assignment by default). */
const LOOKS: Partial<Record<OrderState, StateLook>> = {
  unverified: { color: 'gray', Icon: IconHelpCircle },
  scheduled: { color: 'violet', Icon: IconCalendarTime },
  assigned: { color: 'teal', Icon: IconMotorbike },
  reached: { color: 'teal', Icon: IconMapPin },
  collected: { color: 'green', Icon: IconFlask },
  delivered: { color: 'green', Icon: IconCircleCheck },
  problem: { color: 'red', Icon: IconAlertTriangle },
  offlineInProgress: { color: 'violet', Icon: IconPackage },
  cancelled: { color: 'gray', Icon: IconBan },
};
const DEFAULT_LOOK: StateLook = { color: 'orange', Icon: IconUserQuestion };

export function OrderStateTag({ state }: { state: OrderState }) {
  const { color, Icon } = LOOKS[state] ?? DEFAULT_LOOK;
  return (
    // max-content: a narrow column must not cut the label down to its first letter.
    <Tag color={color} size="sm" leftSection={<Icon size={12} aria-hidden />} miw="max-content">
      {ORDER_STATE_LABELS[state] ?? state}
    </Tag>
  );
}
