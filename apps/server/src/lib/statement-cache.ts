import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Statements compiled once per shape, their values bound per call.
 *
 * Why: composing a large drizzle statement and compiling it to text walks every column, table
 * and fragment through the ORM's type checks and casing, about 0.35 ms of CPU for the orders
 * list, more than PostgreSQL needs to run it (ADR 0012). A list's statement text depends only
 * on which filters are set (its shape), so the text is compiled once with placeholders and each
 * request binds its values into a flat statement that costs next to nothing to compile.
 *
 * The caller names the shape. A key that misses something the text depends on would reuse the
 * wrong text, so callers derive keys from everything except the bound values (see
 * order-list.repository.ts shapeOf).
 */

const dialect = new PgDialect({ casing: 'snake_case' });
const PARAM = /\$\d+/g;

type Compiled = { text: string; params: unknown[]; name: string };

/**
 * A statement's text and its values, as a driver takes them; `name` (from the text) lets the
 * driver prepare it once per connection.
 */
export type CompiledQuery = { sql: string; params: unknown[]; name?: string };

export class StatementCache {
  private readonly compiled = new Map<string, Compiled>();

  /** `max` bounds memory: filter combinations are many in theory, few in use. */
  constructor(private readonly max = 500) {}

  /** The text of `s.key` (built by `s.build` with sql.placeholder values) and its values. */
  query(s: ShapedStatement): CompiledQuery {
    let c = this.compiled.get(s.key);
    if (!c) {
      c = compile(s.build());
      if (this.compiled.size >= this.max) this.compiled.clear();
      this.compiled.set(s.key, c);
    }
    return { sql: c.text, params: fillPlaceholders(c.params, s.values), name: c.name };
  }

  /** The same as a drizzle statement (to wrap in EXPLAIN, or to run inside a transaction). */
  bind(s: ShapedStatement): SQL {
    return toSql(this.query(s));
  }
}

/** A statement as the cache takes it: its shape, how to build it, and its bound values. */
export interface ShapedStatement {
  key: string;
  build: () => SQL;
  values: Record<string, unknown>;
}

/** The statement compiled afresh, never cached: what the cache must always agree with. */
export function bindUncached(s: ShapedStatement): SQL {
  const c = compile(s.build());
  return toSql({ sql: c.text, params: fillPlaceholders(c.params, s.values) });
}

/** Compiled text and values back as a flat drizzle statement. */
export function toSql(q: CompiledQuery): SQL {
  const chunks: SQL[] = [];
  q.sql.split(PARAM).forEach((part, i) => {
    chunks.push(sql.raw(part));
    // sql.param: an array stays one array parameter (a bare array would become a list).
    if (i < q.params.length) chunks.push(sql`${sql.param(q.params[i])}`);
  });
  return sql.join(chunks);
}

function compile(statement: SQL): Compiled {
  const query = dialect.sqlToQuery(statement);
  // Parameters are numbered in order of appearance; text with '$n' of its own would misalign
  // toSql's split.
  if (query.sql.split(PARAM).length !== query.params.length + 1) {
    throw new Error('statement-cache: the statement text contains a literal $n');
  }
  return { text: query.sql, params: query.params, name: statementName(query.sql) };
}

/** The same text always gets the same name, and a driver never sees one name for two texts. */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}
