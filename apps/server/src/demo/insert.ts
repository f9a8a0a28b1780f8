import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/** Bound parameters per statement stay well under PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/** Multi-row inserts in batches; never one statement per row. */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(getTableColumns(table)).length;
  const perBatch = Math.max(1, Math.min(2_000, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += perBatch) {
    await db.insert(table).values(rows.slice(i, i + perBatch) as T['$inferInsert'][]);
  }
}

/** Highest id in a table (0 when empty), so explicit ids never collide with existing rows. */
export async function maxId(db: Db, table: PgTable & { id: unknown }): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${table.id}), 0)::int` })
    .from(table);
  return Number(row?.max ?? 0);
}

/** After explicit-id inserts, move the identity sequence past the highest id. */
export async function syncIdentity(db: Db, tableName: string): Promise<void> {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('"${tableName}"', 'id'), (select coalesce(max(id), 0) + 1 from "${tableName}"), false)`,
    ),
  );
}
