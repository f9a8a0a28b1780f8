import { z } from 'zod';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MESSAGES,
  AUDIT_OUTCOME_LABELS,
  AUDIT_TYPE_LABELS,
} from '../messages/audit';
import { apiDateSchema, idListParamSchema, paged, pageQuerySchema } from './common';

/**
 * The audit trail (docs/decisions/0054-audit-trail.md): who saw or changed what,
 * shaped after FHIR's AuditEvent (action, outcome, agent, entity, recorded). Append-only.
 *   GET /audit-events/?actor=&action=&type=&entity_type=&entity_id=&date_from=&date_to=&page=
 *       -> paged AuditEvent, newest first ('Can view audit trail')
 */
export const AUDIT_ACTIONS = Object.keys(
  AUDIT_ACTION_LABELS,
) as (keyof typeof AUDIT_ACTION_LABELS)[];
export const AUDIT_TYPES = Object.keys(AUDIT_TYPE_LABELS) as (keyof typeof AUDIT_TYPE_LABELS)[];
export const AUDIT_ENTITY_TYPES = Object.keys(
  AUDIT_ENTITY_LABELS,
) as (keyof typeof AUDIT_ENTITY_LABELS)[];
export const AUDIT_OUTCOMES = Object.keys(
  AUDIT_OUTCOME_LABELS,
) as (keyof typeof AUDIT_OUTCOME_LABELS)[];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditType = (typeof AUDIT_TYPES)[number];
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

const jsonObjectSchema = z.record(z.string(), z.unknown());

export const auditEventSchema = z.object({
  id: z.number().int(),
  /** When the server recorded it, Karachi time. */
  recorded: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  type: z.enum(AUDIT_TYPES),
  outcome: z.enum(AUDIT_OUTCOMES),
  outcomeDesc: z.string().nullable(),
  /** Who acted: a user (id and email then), or nobody signed in (id null), and from where. */
  agent: z.object({
    id: z.number().int().nullable(),
    name: z.string().nullable(),
    address: z.string().nullable(),
  }),
  entity: z.object({ type: z.enum(AUDIT_ENTITY_TYPES), id: z.string().nullable() }).nullable(),
  /** An export's or list's filter, as sent. */
  query: jsonObjectSchema.nullable(),
  detail: jsonObjectSchema.nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditEventPageSchema = paged(auditEventSchema);

/** A comma-joined list of names from `values` ('R,E'); empty means no filter. */
const namesParam = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .transform((v) => (v === '' ? [] : v.split(',')))
    .pipe(z.array(z.enum(values as [T, ...T[]])));

export const auditEventListQuerySchema = pageQuerySchema
  .extend({
    /** User ids of the agents. */
    actor: idListParamSchema.optional(),
    action: namesParam(AUDIT_ACTIONS).optional(),
    type: namesParam(AUDIT_TYPES).optional(),
    entityType: namesParam(AUDIT_ENTITY_TYPES).optional(),
    entityId: z.string().max(64).optional(),
    /** Karachi calendar days, both included. */
    dateFrom: apiDateSchema.optional(),
    dateTo: apiDateSchema.optional(),
  })
  .refine((q) => !(q.dateFrom && q.dateTo && q.dateFrom > q.dateTo), {
    path: ['dateFrom'],
    message: AUDIT_MESSAGES.RANGE_ORDER,
  });
export type AuditEventListQuery = z.infer<typeof auditEventListQuerySchema>;
