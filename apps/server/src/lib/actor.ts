import type { PERMISSIONS } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../plugins/auth';
import { forbidden } from './domain-errors';

/**
 * Who performs an order action. Services take this rather than a request so that the dispatch
 * job (system), the rider app (rider) and the console (staff) share one code path.
 * `name` lets a job say who it is in the activity log ('Auto-assignment' when absent).
 */
export type ActorContext =
  | { kind: 'staff'; userId: number; permissions: string[] }
  | { kind: 'rider'; userId: number }
  | { kind: 'system'; name?: string };

export const SYSTEM_ACTOR_NAME = 'Auto-assignment';

/** The actor behind an authenticated request: riders by user type, everyone else as staff. */
export function actorFromRequest(req: FastifyRequest): ActorContext {
  const user = currentUser(req);
  if (user.userType === USER_TYPES.RIDER) return { kind: 'rider', userId: user.id };
  if (user.userType !== USER_TYPES.STAFF) throw forbidden();
  return { kind: 'staff', userId: user.id, permissions: user.permissions };
}

export const actorUserId = (actor: ActorContext): number | null =>
  actor.kind === 'system' ? null : actor.userId;

export function hasStaffPermission(actor: ActorContext, permission: string): boolean {
  return actor.kind === 'staff' && actor.permissions.includes(permission);
}

/** Staff actions re-check the permission: services are also called outside HTTP routes. */
export function requireStaff(
  actor: ActorContext,
  permission: (typeof PERMISSIONS)[keyof typeof PERMISSIONS],
): asserts actor is Extract<ActorContext, { kind: 'staff' }> {
  if (!hasStaffPermission(actor, permission)) throw forbidden();
}
