import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Row count and a checksum of every row of every table of the public schema: two equal
 * fingerprints mean nothing was inserted, changed or deleted in between (test use, small data).
 * The audit trail is left out: it records refused attempts too, by design (ADR 0054).
 */
export async function dbFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name <> 'audit_events' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const ident = sql.identifier(name);
    const r = (await db.execute(
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${ident} t`,
    )) as unknown as { rows: { n: number; h: string }[] };
    out[name] = `${r.rows[0]?.n}:${r.rows[0]?.h}`;
  }
  return out;
}
