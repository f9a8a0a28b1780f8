import type { Vertical } from '@dastak/core/states';

/**
 * Query keys of the orders features (lists, unverified, detail, actions). Every order action
 * invalidates `orderKeys.all` on success, so lists, the detail, its activities and the rider's
 * queue all refetch.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (vertical: Vertical, params: Record<string, string>) =>
    ['orders', 'list', vertical, params] as const,
  unverified: (vertical: Vertical, params: Record<string, string>) =>
    ['orders', 'unverified', vertical, params] as const,
  states: (vertical: Vertical) => ['orders', 'states', vertical] as const,
  detail: (vertical: Vertical, id: number) => ['orders', 'detail', vertical, id] as const,
  activities: (id: number) => ['orders', 'activities', id] as const,
  links: (id: number) => ['orders', 'links', id] as const,
  riderTasks: (vertical: Vertical, riderId: number) =>
    ['orders', 'rider-tasks', vertical, riderId] as const,
  suggestedRiders: (vertical: Vertical, id: number) =>
    ['orders', 'suggested-riders', vertical, id] as const,
  timeSlots: (vertical: Vertical, id: number, date: string) =>
    ['orders', 'time-slots', vertical, id, date] as const,
};
