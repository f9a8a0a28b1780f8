import { RIDER_REACH_LEAD_MINUTES_DEFAULT } from '@dastak/core/constants';
import { reachOpensAt } from '@dastak/core/rules/reach-window';
import type { Backoffice, Vertical } from './backoffice';
import type { Point } from './geo';

export const TASK = { PICKUP: 0, DELIVERY: 1, BREAK: 2 } as const;

/** A task of GET /rider-app/tasks/ (coordinates are optional: not every server sends them). */
export interface Task {
  id: number;
  type: number;
  order: {
    id: number;
    number: string;
    state?: string;
    pickup: string;
    address: string;
    latitude?: number | null;
    longitude?: number | null;
  } | null;
  deadline: string | null;
  breakDurationMins?: number | null;
  collectionCenter: {
    id?: number;
    name: string;
    latitude?: number | null;
    longitude?: number | null;
  } | null;
}

/** The queue as a list, whether it comes bare, paged ({results}) or wrapped ({tasks}). */
export function tasksOf(body: unknown): Task[] {
  if (Array.isArray(body)) return body as Task[];
  if (body && typeof body === 'object') {
    const o = body as { results?: unknown; tasks?: unknown; queue?: unknown };
    const list = o.results ?? o.tasks ?? o.queue;
    if (Array.isArray(list)) return list as Task[];
  }
  return [];
}

const point = (lat: number | null | undefined, lng: number | null | undefined): Point | null =>
  typeof lat === 'number' && typeof lng === 'number' ? { latitude: lat, longitude: lng } : null;

/**
 * Where the rider rides for this task: the order's pin for a pickup, the collection center for a
 * delivery. Falls back to the order detail and the collection-centers list when the task lacks
 * coordinates. A break has no destination (the rider stays put).
 */
export async function taskTarget(
  task: Task,
  backoffice: Backoffice,
  verticals: Vertical[],
): Promise<Point | null> {
  if (task.type === TASK.PICKUP && task.order) {
    return (
      point(task.order.latitude, task.order.longitude) ??
      (await backoffice.orderPoint(task.order.id, verticals))
    );
  }
  if (task.type === TASK.DELIVERY && task.collectionCenter) {
    const cc = task.collectionCenter;
    return point(cc.latitude, cc.longitude) ?? backoffice.centerById(cc.id, cc.name) ?? null;
  }
  return null;
}

/**
 * When the rider at the door may mark the pickup reached (epoch ms): the server refuses it
 * earlier than its lead before the slot (ADR 0055). The simulator assumes core's default lead; a
 * server set to a shorter one answers 409 and the rider tries again a little later.
 */
export function reachOpensFor(task: Task, leadMinutes = RIDER_REACH_LEAD_MINUTES_DEFAULT): number {
  const pickup = task.order ? Date.parse(task.order.pickup) : Number.NaN;
  return Number.isNaN(pickup) ? 0 : reachOpensAt(new Date(pickup), leadMinutes).getTime();
}
