import type { AuditEntityType } from '@dastak/core/entities/audit';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditAgent, recordAudit } from './audit.service';

/**
 * Records one export once its rows went out: how many, and whether it ended (a download the
 * client broke off is recorded with the rows sent so far, outcome 4).
 */
export type ExportAudit = (rows: number, complete?: boolean) => Promise<void>;

/**
 * An export's audit for a request: who, from where, and the filter it was asked with. Services call the result with the row count (every CSV and listing email).
 */
export function exportAudit(
  db: DbOrTx,
  req: FastifyRequest,
  what: { entityType: AuditEntityType; format: 'csv' | 'email'; entityId?: string },
): ExportAudit {
  const agent = auditAgent(req);
  const query = sentQuery(req);
  return (rows, complete = true) =>
    recordAudit(db, agent, {
      action: 'E',
      type: 'export',
      ...(complete ? {} : { outcome: '4', outcomeDesc: 'Download interrupted' }),
      entityType: what.entityType,
      entityId: what.entityId ?? null,
      query,
      detail: { format: what.format, rows },
    });
}

/** The filter as the client sent it (snake_case, as in the URL), without defaults or paging. */
function sentQuery(req: FastifyRequest): Record<string, string> {
  const params = new URL(req.url, 'http://audit.invalid').searchParams;
  const query: Record<string, string> = {};
  for (const [key, value] of params) if (key !== 'page' && key !== 'page_size') query[key] = value;
  return query;
}

/** CSV chunks as text, counting their rows for the audit, recorded after the last one. */
export function auditedCsv(
  chunks: AsyncIterable<{ text: string; rows: number }>,
  audit: ExportAudit | undefined,
): AsyncIterable<string> {
  return (async function* () {
    let rows = 0;
    let complete = false;
    try {
      for await (const chunk of chunks) {
        rows += chunk.rows;
        yield chunk.text;
      }
      complete = true;
    } finally {
      await audit?.(rows, complete);
    }
  })();
}
