import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_TYPES,
  type AuditAction,
  type AuditEntityType,
  type AuditType,
} from '@dastak/core/entities/audit';

/**
 * The audit trail's filter set (ADR 0054), kept in the page query string so a link reproduces
 * the view. Each is one value or none; dates are Karachi calendar days (YYYY-MM-DD).
 */
export type AuditFilterSet = {
  actor: number | null;
  action: AuditAction | null;
  type: AuditType | null;
  entityType: AuditEntityType | null;
  entityId: string;
  dateFrom: string;
  dateTo: string;
};

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null =>
  values.includes(text as T) ? (text as T) : null;
const day = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '');

export function auditFiltersFromQuery(params: URLSearchParams): AuditFilterSet {
  const actor = params.get('actor');
  return {
    actor: actor && /^\d+$/.test(actor) ? Number(actor) : null,
    action: oneOf(AUDIT_ACTIONS, params.get('action')),
    type: oneOf(AUDIT_TYPES, params.get('type')),
    entityType: oneOf(AUDIT_ENTITY_TYPES, params.get('entityType')),
    entityId: params.get('entityId')?.trim() ?? '',
    dateFrom: day(params.get('dateFrom')),
    dateTo: day(params.get('dateTo')),
  };
}

/** The page query string; empty filters are left out. */
export function auditFiltersToQuery(f: AuditFilterSet): URLSearchParams {
  const params = new URLSearchParams();
  if (f.actor) params.set('actor', String(f.actor));
  if (f.action) params.set('action', f.action);
  if (f.type) params.set('type', f.type);
  if (f.entityType) params.set('entityType', f.entityType);
  if (f.entityId.trim()) params.set('entityId', f.entityId.trim());
  if (f.dateFrom) params.set('dateFrom', f.dateFrom);
  if (f.dateTo) params.set('dateTo', f.dateTo);
  return params;
}
