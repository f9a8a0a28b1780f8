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
import type { TagColor } from '../../../components/tag';

type StateStyle = { icon: TablerIcon; color: TagColor };

/**
 * The status icon per state (spec §4), the same icons as the list's state tags; states not
 * listed use needs-assignment's, the default.
 */
const STATE_STYLES: Partial<Record<OrderState, StateStyle>> = {
  unverified: { icon: IconHelpCircle, color: 'gray' },
  scheduled: { icon: IconCalendarTime, color: 'violet' },
  assigned: { icon: IconMotorbike, color: 'teal' },
  reached: { icon: IconMapPin, color: 'teal' },
  collected: { icon: IconFlask, color: 'green' },
  delivered: { icon: IconCircleCheck, color: 'green' },
  problem: { icon: IconAlertTriangle, color: 'red' },
  offlineInProgress: { icon: IconPackage, color: 'violet' },
  cancelled: { icon: IconBan, color: 'gray' },
};

const DEFAULT_STYLE: StateStyle = { icon: IconUserQuestion, color: 'orange' };

export const orderStateStyle = (state: OrderState): StateStyle =>
  STATE_STYLES[state] ?? DEFAULT_STYLE;

export const orderStateLabel = (state: OrderState): string => ORDER_STATE_LABELS[state] ?? state;
