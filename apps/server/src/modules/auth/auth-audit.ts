import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  type AuditAgent,
  type AuditRecord,
  findResetTokenUser,
  recordAudit,
} from '../audit/public';
import { findUserByEmail, findUserByLogin } from '../users/public';
import { sha256 } from './auth.service';

/**
 * The sign-in routes' audit (ADR 0054): logins and failed logins, reset requests and resets.
 * As an onSend hook it sees every answer, a 429 of the throttle and a 400 of validation
 * included, and the row is written before the answer goes out (so a client that reads the trail
 * next finds it). It does the same work whether or not the account exists (one lookup, one
 * insert), so a reset request still takes the same time either way.
 * The auth routes add it with one line: app.addHook('onSend', auditAuthAttempts(app.db)).
 */
export function auditAuthAttempts(db: DbOrTx) {
  return async <T>(req: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
    const kind = kindOf(req.routeOptions.url);
    if (kind) await recordAttempt(db, kind, req, reply);
    return payload;
  };
}

async function recordAttempt(
  db: DbOrTx,
  kind: NonNullable<ReturnType<typeof kindOf>>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  try {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const ok = reply.statusCode === 200;
    const outcome: Pick<AuditRecord, 'outcome' | 'outcomeDesc'> = ok
      ? { outcome: '0' }
      : { outcome: '4', outcomeDesc: `HTTP ${reply.statusCode}` };
    if (kind === 'reset') {
      const token = typeof body.token === 'string' ? body.token : '';
      const owner = token ? await findResetTokenUser(db, sha256(token)) : undefined;
      await recordAudit(db, agentOf(req, owner && { id: owner.userId, email: owner.email }), {
        action: 'U',
        type: 'password-reset',
        entityType: 'User',
        entityId: owner?.userId ?? null,
        ...outcome,
      });
      return;
    }
    // The rider app's sign-in names an email or a mobile number: kept as typed.
    const typed = kind === 'rider-login' ? body.login : body.email;
    const email = typeof typed === 'string' ? typed.slice(0, EMAIL_TRIED_MAX) : '';
    const user = !email
      ? undefined
      : kind === 'rider-login'
        ? await findUserByLogin(db, email)
        : await findUserByEmail(db, email);
    const signIn = kind === 'login' || kind === 'rider-login';
    await recordAudit(db, agentOf(req, signIn && ok ? user : undefined), {
      action: 'E',
      type: signIn ? 'login' : 'password-reset-request',
      entityType: 'User',
      entityId: user?.id ?? null,
      detail: { email },
      ...outcome,
    });
  } catch (err) {
    req.log.error({ err }, 'audit: could not record a sign-in event');
  }
}

/** An email tried is kept as typed, up to the longest an address can be. */
const EMAIL_TRIED_MAX = 320;

function kindOf(url: string | undefined) {
  const path = url?.replace(/\/$/, '') ?? '';
  if (path.endsWith('/auth/login')) return 'login';
  if (path.endsWith('/auth/rider-login')) return 'rider-login';
  if (path.endsWith('/auth/password-reset-request')) return 'reset-request';
  if (path.endsWith('/auth/password-reset')) return 'reset';
  return undefined;
}

/** The user who signed in (or whose link reset the password); nobody on a failure. */
const agentOf = (req: FastifyRequest, user?: { id: number; email: string }): AuditAgent => ({
  id: user?.id ?? null,
  name: user?.email ?? null,
  address: req.ip ?? null,
});
