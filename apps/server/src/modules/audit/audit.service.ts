import type {
  AuditAction,
  AuditEntityType,
  AuditEvent,
  AuditEventListQuery,
  AuditOutcome,
  AuditType,
} from '@dastak/core/entities/audit';
import { parseKarachi, toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import * as repo from './audit.repository';
import { enqueueAuditRow } from './audit-queue';

/**
 * Who saw what (docs/decisions/0054-audit-trail.md). Routes and services call
 * recordAudit; it writes one row of audit_events, in the caller's transaction when given one,
 * before the caller answers. Detail opens alone are queued off the request (audit-queue.ts).
 */

/** Who acted, from where: a signed-in user, or nobody (id null) at a network address. */
export interface AuditAgent {
  id: number | null;
  name: string | null;
  address: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  type: AuditType;
  /** '0' success (the default), '4' refused or failed. */
  outcome?: AuditOutcome;
  outcomeDesc?: string;
  entityType?: AuditEntityType;
  entityId?: string | number | null;
  query?: Record<string, unknown>;
  detail?: Record<string, unknown>;
}

/** The command line and jobs: no user, no address. */
export const SYSTEM_AGENT: AuditAgent = { id: null, name: 'system', address: null };

/** The agent behind a request: its signed-in user (if any) and the client's address. */
export function auditAgent(req: FastifyRequest): AuditAgent {
  const user = req.user;
  // An API key acts for its creator (id); the name says which key it was (ADR 0066).
  const name = user?.apiKey
    ? `API key ${user.apiKey.prefix}… (${user.apiKey.name})`
    : (user?.email ?? null);
  return { id: user?.id ?? null, name, address: req.ip ?? null };
}

export async function recordAudit(db: DbOrTx, agent: AuditAgent, event: AuditRecord) {
  await repo.insertAuditEvents(db, [toRow(agent, event)]);
}

function toRow(agent: AuditAgent, e: AuditRecord): repo.AuditEventInsert {
  return {
    action: e.action,
    type: e.type,
    outcome: e.outcome ?? '0',
    outcomeDesc: e.outcomeDesc ?? null,
    agentId: agent.id,
    agentName: agent.name,
    agentAddress: agent.address,
    entityType: e.entityType ?? null,
    entityId: e.entityId == null ? null : String(e.entityId),
    query: e.query ?? null,
    detail: e.detail ?? null,
  };
}

/**
 * An event written off the request, like a detail open (audit-queue.ts): the uses of an API
 * key, which would otherwise add an insert to every call of a lab's system (ADR 0066).
 */
export function recordAuditQueued(db: DbOrTx, agent: AuditAgent, event: AuditRecord) {
  return enqueueAuditRow(db, toRow(agent, event));
}

/**
 * A GET of a customer's or patient's detail (FHIR action R), queued off the request so the
 * detail costs no extra round trip (audit-queue.ts).
 */
export function recordDetailOpen(
  db: DbOrTx,
  req: FastifyRequest,
  entityType: 'Customer' | 'Patient',
  entityId: number,
  detail?: Record<string, unknown>,
) {
  return enqueueAuditRow(
    db,
    toRow(auditAgent(req), {
      action: 'R',
      type: 'read',
      entityType,
      entityId,
      ...(detail ? { detail } : {}),
    }),
  );
}

/** GET /audit-events/: newest first, filtered. */
export async function listAuditEvents(
  db: DbOrTx,
  q: AuditEventListQuery,
  page: { limit: number; offset: number },
) {
  const { rows, count } = await repo.listAuditEvents(
    db,
    {
      agentIds: q.actor,
      actions: q.action,
      types: q.type,
      entityTypes: q.entityType,
      entityId: q.entityId,
      from: q.dateFrom ? (parseKarachi(q.dateFrom) ?? undefined) : undefined,
      to: q.dateTo ? nextKarachiDay(q.dateTo) : undefined,
    },
    page,
  );
  return { count, results: rows.map(toDto) };
}

/** The last instant of a Karachi calendar day. */
const nextKarachiDay = (day: string) => {
  const start = parseKarachi(day);
  return start ? new Date(start.getTime() + 86_400_000 - 1) : undefined;
};

function toDto(r: repo.AuditEventRow): AuditEvent {
  return {
    id: r.id,
    recorded: toKarachiIso(r.recorded),
    action: r.action as AuditAction,
    type: r.type as AuditType,
    outcome: r.outcome as AuditOutcome,
    outcomeDesc: r.outcomeDesc,
    agent: { id: r.agentId, name: r.agentName, address: r.agentAddress },
    entity: r.entityType ? { type: r.entityType as AuditEntityType, id: r.entityId } : null,
    query: r.query ?? null,
    detail: r.detail ?? null,
  };
}
