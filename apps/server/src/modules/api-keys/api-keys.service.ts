import { createHash, randomBytes } from 'node:crypto';
import { RATE_LIMITS } from '@dastak/core/constants';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKey,
  type ApiKeyCreated,
} from '@dastak/core/entities/api-keys';
import { API_KEY_MESSAGES } from '@dastak/core/messages/api-keys';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import { USER_TYPES } from '@dastak/core/states';
import type { Db } from '../../db/client';
import { notFound, refused } from '../../lib/domain-errors';
import { publishSessionsChanged } from '../../lib/realtime-publish';
import type { AuditAgent } from '../audit/public';
import { recordAudit } from '../audit/public';
import type { AuthUser } from '../auth/public';
import * as repo from './api-keys.repository';

/**
 * API keys of a lab's systems (docs/decisions/0066-api-keys.md): made here, shown once, kept as
 * a SHA-256; resolved to a principal whose permissions are the key's scopes.
 */

/** 32 random bytes: 43 base64url characters after the prefix. */
const SECRET_BYTES = 32;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** What the key service needs to end a key at once: the token cache of this server. */
export interface ApiKeyDeps {
  db: Db;
  forgetUser(userId: number): void;
}

export function toDto(r: repo.ApiKeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    rateLimitPerMinute: r.rateLimitPerMinute,
    createdBy: { id: r.createdById, name: r.createdByName },
    created: toKarachiIso(r.created),
    lastUsed: r.lastUsedAt ? toKarachiIso(r.lastUsedAt) : null,
    revoked: r.revokedAt ? toKarachiIso(r.revokedAt) : null,
    revokedBy:
      r.revokedById !== null && r.revokedByName !== null
        ? { id: r.revokedById, name: r.revokedByName }
        : null,
  };
}

export async function listKeys(db: Db, page: { limit: number; offset: number }) {
  const { rows, count } = await repo.listKeys(db, page);
  return { count, results: rows.map(toDto) };
}

export async function createKey(
  db: Db,
  input: { name: string; scopes: string[]; rateLimitPerMinute?: number | undefined },
  by: AuthUser,
  agent: AuditAgent,
): Promise<ApiKeyCreated> {
  const key = API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
  const id = await db.transaction(async (tx) => {
    const { id } = await repo.insertKey(tx, {
      name: input.name,
      prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
      secretHash: hashKey(key),
      scopes: input.scopes,
      rateLimitPerMinute: input.rateLimitPerMinute ?? RATE_LIMITS.API_KEYS.PER_KEY_DEFAULT,
      createdById: by.id,
    });
    await recordAudit(tx, agent, {
      action: 'C',
      type: 'api-key-change',
      entityType: 'ApiKey',
      entityId: id,
      detail: { name: input.name, scopes: input.scopes },
    });
    return id;
  });
  const row = await repo.findKey(db, id);
  if (!row) throw notFound();
  return { ...toDto(row), key };
}

/**
 * Revokes a key: refused from the next request on, on every server. The key's principal is
 * kept in the token cache under its creator's id, so the sessions' notice (ADR 0053) drops it
 * in every instance, and forgetUser drops it here before this answers.
 */
export async function revokeKey(deps: ApiKeyDeps, id: number, agent: AuditAgent & { id: number }) {
  const creatorId = await deps.db.transaction(async (tx) => {
    const revoked = await repo.revokeKey(tx, id, agent.id);
    if (!revoked) {
      if (await repo.findKey(tx, id)) throw refused(API_KEY_MESSAGES.ALREADY_REVOKED);
      throw notFound();
    }
    await recordAudit(tx, agent, {
      action: 'D',
      type: 'api-key-change',
      entityType: 'ApiKey',
      entityId: id,
    });
    await publishSessionsChanged(tx, revoked.createdById);
    return revoked.createdById;
  });
  deps.forgetUser(creatorId);
  const row = await repo.findKey(deps.db, id);
  if (!row) throw notFound();
  return toDto(row);
}

/**
 * The principal of a key (token service, ApiKeyStore): its creator's id, the key's scopes as
 * its permissions. Undefined for a malformed, unknown or revoked key, or one whose creator is no
 * longer an active staff user.
 */
export async function loadPrincipal(db: Db, key: string): Promise<AuthUser | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const row = await repo.findLiveKeyByHash(db, hashKey(key));
  if (!row?.creatorActive || row.creatorType !== USER_TYPES.STAFF) return undefined;
  return {
    id: row.createdById,
    email: row.creatorEmail,
    userType: USER_TYPES.STAFF,
    permissions: row.scopes,
    sessionId: `api-key:${row.id}`,
    apiKey: {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      rateLimitPerMinute: row.rateLimitPerMinute,
    },
  };
}
