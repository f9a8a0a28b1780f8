import type { Order } from '@dastak/core/entities/orders';
import { VALIDATION } from '@dastak/core/messages';
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
import type { OrderActionGates } from './order-action-gates';

/** An order action of the console: one of the gates, each decided as the server decides it. */
export type ActionKey = keyof OrderActionGates;

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
  /** A message to show instead of opening the dialog (the server would refuse the same). */
  refusal?: (order: Order) => string | null;
};

/**
 * Every order action the console offers, in toolbar order (spec §2.4, §2.6). A new action is
 * one entry here and one case in order-action-dialog.tsx (ADR 0061).
 */
export const ORDER_ACTION_BUTTONS: readonly OrderActionButton[] = [
  { key: 'reschedule', label: 'Reschedule', icon: IconCalendarTime, surfaces: ['detail'] },
  { key: 'assign', label: 'Assign', icon: IconUserPlus, surfaces: ['detail', 'row'] },
  { key: 'reassign', label: 'Re-assign', icon: IconArrowsExchange, surfaces: ['detail'] },
  { key: 'moveInProgress', label: 'Move in Progress', icon: IconProgress, surfaces: ['detail'] },
  { key: 'deliver', label: 'Deliver Order', icon: IconTruckDelivery, surfaces: ['detail'] },
  {
    key: 'markWrongPin',
    label: 'Mark Wrong Pin',
    icon: IconMapPinOff,
    tone: 'orange',
    surfaces: ['unverified'],
  },
  {
    key: 'verify',
    label: 'Verify Order',
    icon: IconCircleCheck,
    surfaces: ['detail', 'unverified'],
    // Asking first spares a pointless confirm; the server says so too.
    refusal: (order) => (order.scanTypes.length === 0 ? VALIDATION.TESTS_REQUIRED_TO_VERIFY : null),
  },
  { key: 'followUp', label: 'Mark Follow Up', icon: IconPhoneCall, surfaces: ['detail'] },
  { key: 'copy', label: 'Copy Order', icon: IconCopy, surfaces: ['detail'] },
  {
    key: 'deleteAddress',
    label: 'Delete Address',
    icon: IconMapPinOff,
    tone: 'red',
    surfaces: ['detail'],
  },
  {
    key: 'cancel',
    label: 'Cancel Order',
    icon: IconX,
    tone: 'red',
    surfaces: ['detail', 'unverified', 'row', 'map'],
  },
];

/** The buttons a surface shows for an order, given its gates (order-action-gates.ts). */
export const offeredActions = (surface: ActionSurface, gates: OrderActionGates) =>
  ORDER_ACTION_BUTTONS.filter((b) => b.surfaces.includes(surface) && gates[b.key]);
