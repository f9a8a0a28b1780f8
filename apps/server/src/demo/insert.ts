import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Rows per statement; each batch travels as one JSON parameter. */
const BATCH_ROWS = 5_000;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Multi-row inserts, never one statement per row. A batch is sent as a single JSON parameter
 * and expanded by json_populate_recordset: far faster than thousands of bound parameters,
 * on PGlite and PostgreSQL alike. Columns absent from the rows keep their defaults.
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
  const pairs = [...keys].map((k) => [k, snakeCase(k)] as const);
  const columns = pairs.map(([, s]) => `"${s}"`).join(', ');
  const name = `"${getTableName(table)}"`;
  const client = (db as unknown as { $client?: { query?: unknown; dataDir?: unknown } }).$client;
  if (process.env.COPY && client && typeof client.query === 'function' && 'dataDir' in client) {
    const csv = rows
      .map((row) => pairs.map(([k]) => csvValue((row as Record<string, unknown>)[k])).join(','))
      .join('\n');
    await (client.query as (q: string, p: unknown[], o: unknown) => Promise<unknown>)(
      `copy ${name} (${columns}) from '/dev/blob' with (format csv)`,
      [],
      { blob: new Blob([csv]) },
    );
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

/** Highest id in a table (0 when empty), so explicit ids never collide with existing rows. */
export async function maxId(db: Db, table: PgTable & { id: AnyPgColumn }): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${table.id}), 0)::int` })
    .from(table);
  return Number(row?.max ?? 0);
}

function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string') && v.length && !String(v[0]).includes('{'))
    return `"{${v.join(',')}}"`;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return `"${text.replaceAll('"', '""')}"`;
}
