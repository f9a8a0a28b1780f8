import { camelToSnake } from '@dastak/core/wire-case';
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Rows per statement on PostgreSQL; each batch travels as one JSON parameter. */
const BATCH_ROWS = 5_000;

/** The embedded engine behind a drizzle database, if that is what it is. */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * Bulk insert, never one statement per row. On PGlite the rows go in as one CSV COPY from a
 * blob; on PostgreSQL each batch is a single JSON parameter expanded by
 * json_populate_recordset (far cheaper than thousands of bound parameters). Columns absent
 * from every row keep their defaults.
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const known = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row)) if (k in known) keys.add(k);
  const pairs = [...keys].map(
    (k) => [k, camelToSnake(k), known[k]?.columnType === 'PgArray'] as const,
  );
  const columns = pairs.map(([, s]) => `"${s}"`).join(', ');
  const name = `"${getTableName(table)}"`;
  const lite = pgliteOf(db);
  if (lite) {
    const lines: string[] = [];
    for (const row of rows) {
      const r = row as Record<string, unknown>;
      lines.push(pairs.map(([k, , isArray]) => csvValue(r[k], isArray)).join(','));
    }
    await lite.query(`copy ${name} (${columns}) from '/dev/blob' with (format csv)`, [], {
      blob: new Blob([lines.join('\n')]),
    });
    return;
  }
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [k, s] of pairs) out[s] = (row as Record<string, unknown>)[k] ?? null;
      return out;
    });
    await db.execute(
      sql`insert into ${sql.raw(name)} (${sql.raw(columns)}) select ${sql.raw(columns)} from json_populate_recordset(null::${sql.raw(name)}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** CSV field: empty for null, quoted text otherwise; jsonb as JSON, text[] as an array literal. */
function csvValue(v: unknown, pgArray: boolean): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  const text =
    pgArray && Array.isArray(v)
      ? `{${v.join(',')}}`
      : typeof v === 'string'
        ? v
        : JSON.stringify(v);
  return `"${text.replaceAll('"', '""')}"`;
}

/** Highest id in a table (0 when empty), so explicit ids never collide with existing rows. */
export async function maxId(db: Db, table: PgTable & { id: AnyPgColumn }): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${table.id}), 0)::int` })
    .from(table);
  return Number(row?.max ?? 0);
}
