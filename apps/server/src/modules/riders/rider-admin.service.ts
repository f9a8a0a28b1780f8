import type { RiderCreate, RiderFlags, RiderUpdate } from '@dastak/core/entities/riders';
import { RIDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { USER_TYPES } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../db/client';
import type { ActorContext } from '../../lib/actor';
import { forbidden, invalid, notFound, refused } from '../../lib/domain-errors';
import { hashPassword } from '../../lib/password';
import type { AuthUser } from '../auth/public';
import * as orderActions from './order-actions';
import * as repo from './riders.repository';

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Region must exist and be active; duplicate email or rider phone is a field error (400). */
async function checkFields(
  db: DbOrTx,
  input: { email: string; phone: string; region: number },
  exceptUserId?: number,
) {
  const region = await repo.findRegion(db, input.region);
  const errors: Record<string, string[]> = {};
  if (!region?.isActive) errors.region = [RIDER_MESSAGES.REGION_INVALID];
  if (await repo.emailTaken(db, input.email, exceptUserId)) {
    errors.email = [RIDER_MESSAGES.EMAIL_TAKEN];
  }
  if (await repo.riderPhoneTaken(db, input.phone, exceptUserId)) {
    errors.phone = [RIDER_MESSAGES.PHONE_TAKEN];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first || !region) throw invalid(first ?? RIDER_MESSAGES.REGION_INVALID, errors);
  return region;
}

const emailTakenError = () =>
  invalid(RIDER_MESSAGES.EMAIL_TAKEN, { email: [RIDER_MESSAGES.EMAIL_TAKEN] });

/** POST /entity/rider-create/: a users row (type Rider) and its profile, in one transaction. */
export async function createRider(db: Db, input: RiderCreate) {
  const passwordHash = await hashPassword(input.password1);
  try {
    const id = await db.transaction(async (tx) => {
      const region = await checkFields(tx, input);
      return repo.insertRider(
        tx,
        {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          userType: USER_TYPES.RIDER,
        },
        {
          regionId: region.id,
          vertical: region.vertical,
          phoneVerified: input.phoneVerified,
        },
      );
    });
    return { detail: SUCCESS.RIDER_CREATED, id };
  } catch (err) {
    // Two creates racing past the check: the email's unique index decides.
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
}

/**
 * PUT /entity/rider-update/{id}/: a new region also moves the vertical and clears the cell; a
 * move to the other vertical with work in hand is refused (409).
 */
export async function updateRider(
  db: Db,
  id: number,
  input: RiderUpdate & { address?: string | null },
) {
  try {
    await db.transaction(async (tx) => {
      const current = await repo.lockProfile(tx, id);
      if (!current) throw notFound();
      const region = await checkFields(tx, input, id);
      const regionChanged = current.regionId !== region.id;
      // Blood work cannot follow a rider into X-ray (or back): the orders would be stranded on
      // a rider whose task lists no longer show them. Within a vertical the work goes along.
      if (region.vertical !== current.vertical) {
        const n = await repo.countWorkInHand(tx, id);
        if (n > 0) throw refused(RIDER_MESSAGES.tasksInHandMove(n));
      }
      await repo.updateRider(
        tx,
        id,
        {
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          email: input.email,
        },
        {
          ...(input.address !== undefined ? { address: input.address } : {}),
          ...(regionChanged
            ? { regionId: region.id, vertical: region.vertical, cellId: null }
            : {}),
        },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
  return { detail: SUCCESS.RIDER_UPDATED };
}

/**
 * Who may flip which flag: wildcard and covid need CAN_CHANGE_USER; duty is a dispatch call,
 * so 'Can assign order' suffices (as does CAN_CHANGE_USER). Only staff tokens get this far.
 */
export function authoriseFlags(user: AuthUser, flags: RiderFlags) {
  const has = (p: string) => user.permissions.includes(p);
  const canChangeUser = has(PERMISSIONS.CAN_CHANGE_USER);
  if (user.userType !== USER_TYPES.STAFF) throw forbidden();
  if ((flags.isWildcard !== undefined || flags.isCovid !== undefined) && !canChangeUser) {
    throw forbidden();
  }
  if (flags.isOnDuty !== undefined && !canChangeUser && !has(PERMISSIONS.CAN_ASSIGN_ORDER)) {
    throw forbidden();
  }
}

/**
 * Going off duty with work in hand is refused (409): the orders would be stranded. Rider state
 * is left alone; it follows the queue.
 */
export async function setDuty(tx: DbOrTx, riderId: number, isOnDuty: boolean) {
  if (!isOnDuty) {
    const n = await repo.countWorkInHand(tx, riderId);
    if (n > 0) throw refused(RIDER_MESSAGES.tasksInHand(n));
  }
  await repo.updateRider(tx, riderId, {}, { isOnDuty });
}

/** PATCH /entity/riders/mark_off_duty/{id}/: the toast names what changed. */
export async function setRiderFlags(db: Db, id: number, flags: RiderFlags) {
  await db.transaction(async (tx) => {
    const current = await repo.lockProfile(tx, id);
    if (!current) throw notFound();
    if (flags.isOnDuty !== undefined) await setDuty(tx, id, flags.isOnDuty);
    const { isWildcard, isCovid } = flags;
    if (isWildcard !== undefined || isCovid !== undefined) {
      await repo.updateRider(
        tx,
        id,
        {},
        {
          ...(isWildcard !== undefined ? { isWildcard } : {}),
          ...(isCovid !== undefined ? { isCovid } : {}),
        },
      );
    }
  });
  const detail =
    flags.isWildcard !== undefined
      ? SUCCESS.RIDER_WILDCARD
      : flags.isCovid !== undefined
        ? SUCCESS.RIDER_COVID
        : SUCCESS.RIDER_DUTY;
  const row = await repo.findRider(db, id);
  return {
    detail,
    isOnDuty: row?.isOnDuty ?? false,
    isWildcard: row?.isWildcard ?? false,
    isCovid: row?.isCovid ?? false,
  };
}

/**
 * GET /entity/rider_force_deliver/{id}/: the orders module delivers every collected order and
 * refuses (409) anyone but a blood rider in the delivering state, under its locks.
 */
export async function forceDeliver(db: Db, riderId: number, actor: ActorContext) {
  if (!(await repo.riderExists(db, riderId))) throw notFound();
  const result = await orderActions.forceDeliverRider(db, riderId, actor);
  return { detail: result.detail, delivered: result.delivered };
}
