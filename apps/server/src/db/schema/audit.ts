import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns';

/**
 * Who saw what (docs/decisions/0054-audit-trail.md): one row per access to personal
 * data or change of who may access it, shaped after FHIR's AuditEvent. Append-only: a trigger
 * (migration 0017) refuses UPDATE and DELETE, and no route changes a row. No foreign keys: a row
 * must outlive the user it names, and a cascade would be an UPDATE or DELETE.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recorded: tz().notNull().defaultNow(),
    /** FHIR AuditEvent.action: C create, R read, U update, D delete, E execute. */
    action: text().notNull(),
    /** What happened: login, password-reset, user-change, export, read (AUDIT_TYPES in core). */
    type: text().notNull(),
    /** FHIR AuditEvent.outcome: '0' success, '4' minor failure (refused, wrong password). */
    outcome: text().notNull(),
    outcomeDesc: text(),
    /** The user who acted (null: not signed in, or the command line), and their email then. */
    agentId: integer(),
    agentName: text(),
    /** The client's network address. */
    agentAddress: text(),
    /** What was acted on: Customer, Patient, User, Order, Attendance, Report. */
    entityType: text(),
    entityId: text(),
    /** The filter of an export or a list, as the client sent it. */
    query: jsonb().$type<Record<string, unknown>>(),
    /** Anything else: email tried, rows exported, permissions granted. */
    detail: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    // The audit screen reads newest first, optionally by actor or by entity.
    index('audit_events_recorded_idx').on(t.recorded, t.id),
    index('audit_events_agent_idx').on(t.agentId, t.id),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.id),
  ],
);
