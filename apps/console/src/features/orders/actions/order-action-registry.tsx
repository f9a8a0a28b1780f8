import type { Order } from '@dastak/core/entities/orders';
import { VALIDATION } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import {
  IconArrowsExchange,
  IconCalendarTime,
  IconCircleCheck,
  IconCopy,
  IconMapPinOff,
  IconPhoneCall,
  IconProgress,
  IconTruckDelivery,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { type GateContext, gateContext } from './order-action-gates';

/** An order action of the console (its button, its gate and its dialog). */
export type ActionKey =
  | 'reschedule'
  | 'assign'
  | 'reassign'
  | 'moveInProgress'
  | 'deliver'
  | 'markWrongPin'
  | 'verify'
  | 'followUp'
  | 'copy'
  | 'deleteAddress'
  | 'cancel';

/**
 * Where an action is offered. The two detail pages draw their buttons from this list; the list
 * rows (Assign, Cancel) and the dashboard's map popups (Cancel) keep their own menus and open the
 * same dialog (order-action-dialog.tsx) through `loadOrderActionDialog`.
 */
export type ActionSurface = 'detail' | 'unverified' | 'row' | 'map';

export type OrderActionButton = {
  key: ActionKey;
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** Danger and warning actions: white with dark red / orange text (WCAG AA). */
  tone?: 'red' | 'orange';
  surfaces: readonly ActionSurface[];
  /** Whether the button shows: only when the server would accept the action (ADR 0014). */
  gate: (g: GateContext) => boolean;
  /** A message to show instead of opening the dialog (the server would refuse the same). */
  refusal?: (order: Order) => string | null;
};

/**
 * Every order action the console offers, in toolbar order (spec §2.4, §2.6). A new action is
 * its entry here (button and gate) and its case in order-action-dialog.tsx (ADR 0061).
 */
export const ORDER_ACTION_BUTTONS: readonly OrderActionButton[] = [
  {
    key: 'reschedule',
    label: 'Reschedule',
    icon: IconCalendarTime,
    surfaces: ['detail'],
    gate: (g) => g.can('reschedule'),
  },
  {
    key: 'assign',
    label: 'Assign',
    icon: IconUserPlus,
    surfaces: ['detail', 'row'],
    gate: (g) => g.can('assign'),
  },
  {
    key: 'reassign',
    label: 'Re-assign',
    icon: IconArrowsExchange,
    surfaces: ['detail'],
    gate: (g) => g.can('reassign'),
  },
  {
    key: 'moveInProgress',
    label: 'Move in Progress',
    icon: IconProgress,
    surfaces: ['detail'],
    gate: (g) => g.can('offlineInProgress'),
  },
  {
    key: 'deliver',
    label: 'Deliver Order',
    icon: IconTruckDelivery,
    surfaces: ['detail'],
    gate: (g) => g.can('deliver'),
  },
  {
    // Mark Wrong Pin (spec §2.4, §4): also an unverified order and a verified address.
    key: 'markWrongPin',
    label: 'Mark Wrong Pin',
    icon: IconMapPinOff,
    tone: 'orange',
    surfaces: ['unverified'],
    gate: (g) => g.canDeleteAddress(true),
  },
  {
    key: 'verify',
    label: 'Verify Order',
    icon: IconCircleCheck,
    surfaces: ['detail', 'unverified'],
    // Shown without tests too: the click answers the tests message instead of a dialog.
    gate: (g) => {
      const blocker = g.blocker('verify');
      return blocker === null || blocker === VALIDATION.TESTS_REQUIRED_TO_VERIFY;
    },
    refusal: (order) => (order.scanTypes.length === 0 ? VALIDATION.TESTS_REQUIRED_TO_VERIFY : null),
  },
  {
    key: 'followUp',
    label: 'Mark Follow Up',
    icon: IconPhoneCall,
    surfaces: ['detail'],
    gate: (g) => g.can('followUp'),
  },
  {
    key: 'copy',
    label: 'Copy Order',
    icon: IconCopy,
    surfaces: ['detail'],
    gate: (g) => g.has(PERMISSIONS.CAN_COPY_ORDER),
  },
  {
    // Delete Address of the order detail (spec §2.6): a valid address, an online order.
    key: 'deleteAddress',
    label: 'Delete Address',
    icon: IconMapPinOff,
    tone: 'red',
    surfaces: ['detail'],
    gate: (g) => g.canDeleteAddress(false),
  },
  {
    key: 'cancel',
    label: 'Cancel Order',
    icon: IconX,
    tone: 'red',
    surfaces: ['detail', 'unverified', 'row', 'map'],
    gate: (g) => g.can('cancel'),
  },
];

/** The buttons a surface shows for an order and a user, in toolbar order. */
export function offeredActions(
  surface: ActionSurface,
  order: Order,
  permissions: readonly string[],
  now: Date,
): OrderActionButton[] {
  const g = gateContext(order, permissions, now);
  return ORDER_ACTION_BUTTONS.filter((b) => b.surfaces.includes(surface) && b.gate(g));
}
