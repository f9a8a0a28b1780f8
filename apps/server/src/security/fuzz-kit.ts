import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Db } from '../db/client';
import {
  dateFormatOf,
  fieldsOf,
  isCatalogueMessage,
  OUT_OF_RANGE_DATES,
  snake,
  typeOf,
  unwrap,
} from '../test/route-walk';

/**
 * The pieces of the route fuzzer (fuzz.test.ts): request arbitraries built from a route's own
 * zod schemas, hostile values, and the checks every answer must pass.
 */

/** A hostile value that prints by name in fast-check's counterexamples (a 200 kB string would not). */
export class Hostile {
  constructor(
    readonly name: string,
    readonly value: unknown,
  ) {}
  [fc.toStringMethod]() {
    return `<${this.name}>`;
  }
}
const h = (name: string, value: unknown) => new Hostile(name, value);

/** Text already percent-encoded, put into a URL as it is (bad encodings, encoded NUL or slash). */
export class RawUrl {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `raw(${this.text.length > 40 ? `${this.text.slice(0, 40)}…` : this.text})`;
  }
}

const nest = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Values of the wrong type, size or encoding, for any body field. */
export const HOSTILE_VALUES: Hostile[] = [
  h('null', null),
  h('true', true),
  h('-1', -1),
  h('0', 0),
  h('-2^31-1', -2147483649),
  h('2^31', 2147483648),
  h('2^53+2', 2 ** 53 + 2),
  h('1e308', 1e308),
  h('-1e308', -1e308),
  h('1.5', 1.5),
  h('5e-324', 5e-324),
  h('empty', ''),
  h('space', ' '),
  h('nul', 'a\u0000b'),
  h('lone-surrogate', 'a\ud800b'),
  h('U+FFFF', '\uffff'),
  h('emoji', '🩸👩🏽‍⚕️'),
  h('rtl-override', '\u202eevil'),
  h('zero-width', '\u200b\u200d\ufeff'),
  h('arabic-digits', '١٢٣'),
  h('fullwidth-digits', '１２３'),
  h('huge-string-200k', 'x'.repeat(200_000)),
  h('huge-digits-1000', '9'.repeat(1000)),
  h('1e400-string', '1e400'),
  h('NaN-string', 'NaN'),
  h('Infinity-string', 'Infinity'),
  h('hex-string', '0x1F'),
  h('sql-quote', "' OR 1=1 --"),
  h('like-wildcards', '%_\\'),
  h('html', '<script>alert(1)</script>'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: text that looks like a template is the point
  h('template', '${process.env}'),
  h('feb-30', '2024-02-30'),
  h('year-0', '0000-01-01'),
  h('year-99999', '99999-01-01'),
  h('iso-garbage', '2024-13-45T99:99:99Z'),
  h('array', [1, 2]),
  h('nested-array', [[[]]]),
  h('object', { a: { b: 1 } }),
  h('empty-object', {}),
  h('deep-array-200', JSON.parse(nest(200, '[', ']'))),
  h('deep-object-200', JSON.parse(nest(200, '{"a":', '}'))),
  h(
    'array-of-10k',
    Array.from({ length: 10_000 }, (_, i) => i),
  ),
];

/** Query-string values: text only, but bad encodings and repeated keys are possible. */
export const HOSTILE_QUERY: (Hostile | RawUrl)[] = [
  ...HOSTILE_VALUES.filter((v) => typeof v.value === 'string' && (v.value as string).length < 5000),
  h('long-2k', 'y'.repeat(2000)),
  h('-0', '-0'),
  h(' 1 ', ' 1 '),
  h('1,,2', '1,,2'),
  h(',', ','),
  h('1;2', '1;2'),
  h('true', 'true'),
  h('repeated', ['1', '2']),
  h('repeated-hostile', ['1', 'x\u0000']),
  new RawUrl('%'),
  new RawUrl('%E0%A4%A'),
  new RawUrl('%FF%FE'),
  new RawUrl('%00'),
  new RawUrl('%C0%AF'),
  new RawUrl('a%26b%3Dc'),
];

/** Path ids that are not ids. */
export const HOSTILE_IDS: (string | RawUrl)[] = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1',
  'null',
  'NaN',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(90),
  '١',
  ' 1',
  new RawUrl('%20'),
  new RawUrl('%00'),
  new RawUrl('1%00'),
  new RawUrl('%2F'),
  new RawUrl('..'),
  new RawUrl('%E0%A4%A'),
  new RawUrl('%FF'),
  new RawUrl('1;select'),
  new RawUrl('%27%20OR%201%3D1'),
];

/** Whole bodies that are not what a JSON route reads. */
export const HOSTILE_BODIES: { name: string; contentType: string; text: string }[] = [
  ...['{"a":', '[1,]', 'nul', '{"a":1}garbage', "{'a':1}", '\u0000', '{"a":"\\ud800"}', '"x"']
    .concat(['null', 'true', '1', '[]', '[{}]', '{"__proto__":{"admin":true}}'])
    .concat(['{"constructor":{"prototype":{"x":1}}}', '\ufeff{}', '{"a":1,"a":2}'])
    .map((text) => ({
      name: `json ${JSON.stringify(text)}`,
      contentType: 'application/json',
      text,
    })),
  { name: 'deep-array-20k', contentType: 'application/json', text: nest(20_000, '[', ']') },
  { name: 'deep-array-200k', contentType: 'application/json', text: nest(200_000, '[', ']') },
  {
    name: 'deep-object-50k',
    contentType: 'application/json',
    text: nest(50_000, '{"a_b":', '}'),
  },
  ...[
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/JSON',
    'application/vnd.api+json',
    'application/json, text/plain',
    'image/png',
  ].map((contentType) => ({ name: contentType, contentType, text: '{"a":1}' })),
];

type Def = { type: string; entries?: object; values?: unknown[]; element?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const SAMPLE_STRINGS = [
  '',
  'Ali',
  '1',
  '2',
  '1,2',
  'blood',
  'a@b.co',
  '03001234567',
  '2026-11-24',
  '09:00-10:00',
  '-id',
  'pending',
];

/** Values a route might accept: drawn from the field's own schema type, loosely. */
export function validish(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const s = unwrap(schema);
  const def = defOf(s);
  switch (typeOf(s)) {
    case 'string': {
      // A field of core's date schemas also gets dates past the range every date keeps (ADR
      // 0050): year 0, 9999 and the range's neighbours, so a new date field is tried with them.
      const format = dateFormatOf(s);
      if (format) {
        const inRange = format === 'date' ? '2026-11-24' : '2026-11-24T10:00:00+05:00';
        return fc.constantFrom(inRange, ...OUT_OF_RANGE_DATES[format]);
      }
      return fc.oneof(fc.constantFrom(...SAMPLE_STRINGS), fc.string({ maxLength: 12 }));
    }
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -1, max: 4 }), fc.integer(), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? ['x']));
    case 'array':
      return depth > 2 || !def.element
        ? fc.constant([])
        : fc.array(validish(def.element, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 2 ? fc.constant({}) : objectOf(s, depth + 1);
    default:
      return fc.oneof(
        fc.constantFrom<unknown>(...SAMPLE_STRINGS),
        fc.integer({ min: -1, max: 4 }),
        fc.boolean(),
      );
  }
}

/** A body or query object: some of the schema's fields (snake_case), each valid-ish or hostile. */
export function objectOf(schema: unknown, depth = 0, hostileWeight = 1): fc.Arbitrary<object> {
  const fields = fieldsOf(schema);
  const model = Object.fromEntries(
    fields.map(([name, field]) => [
      snake(name),
      fc.oneof(
        { arbitrary: validish(field, depth), weight: 3 },
        { arbitrary: fc.constantFrom(...HOSTILE_VALUES), weight: hostileWeight },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(
        fc.dictionary(
          fc.constantFrom('extra', 'is_admin', 'id', 'created_at', 'constructor', 'toString'),
          fc.constantFrom(...HOSTILE_VALUES),
          { maxKeys: 2 },
        ),
        { freq: 4 },
      ),
    )
    .map(([record, extra]) => ({ ...record, ...(extra ?? {}) }));
}

/** A query object for a route: its own fields as text, hostile text, repeated keys, extras. */
export function queryOf(schema: unknown): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(schema);
  const model = Object.fromEntries(
    fields.map(([name, field]) => [
      snake(name),
      fc.oneof(
        { arbitrary: validish(field).map(String), weight: 3 },
        { arbitrary: fc.constantFrom(...HOSTILE_QUERY), weight: 2 },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [] }),
      fc.option(
        fc.dictionary(
          fc.constantFrom('extra', 'page', 'page_size', 'constructor', '__proto__', 'ordering'),
          fc.constantFrom(...HOSTILE_QUERY),
          { maxKeys: 2 },
        ),
        { freq: 3 },
      ),
    )
    .map(([record, extra]) => ({ ...record, ...(extra ?? {}) }));
}

/** Percent-encodes text byte by byte (a lone surrogate becomes U+FFFD, as a client would send). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const enc = (v: unknown) => encodeURIComponent(String(v).replace(LONE_SURROGATE, '\ufffd'));

/** The query string of a generated query object. */
/**
 * FHIR search parameters (ADR 0068): the names the resources support, a few they do not, and
 * values that are valid FHIR (prefixed dates, code lists, references, identifiers) mixed with
 * the hostile ones.
 */
export function fhirQueryOf(): fc.Arbitrary<Record<string, unknown>> {
  const names = fc.constantFrom(
    'date',
    'status',
    'identifier',
    'patient',
    'subject',
    'collected',
    'occurrence',
    'period',
    'container-id',
    'requisition',
    '_id',
    '_count',
    '_include',
    '_cursor',
    '_format',
    'status:not',
    '_sort',
    'code',
  );
  const values = fc.constantFrom(
    'ge2026-11-01',
    'lt2026-12',
    'eq2026-11-30T10:00:00+05:00',
    'gt2026-11-30T05:00:00Z',
    '2026',
    'ne2026-11-01',
    '2026-02-30',
    '0000-01-01',
    '9999-12-31',
    'active',
    'completed',
    'requested,accepted',
    'available',
    'B-26113000001',
    'http://localhost/fhir/sid/order-number|B-26113000001',
    '|x',
    '1',
    '1,2,3',
    'Patient/1',
    'Group/1',
    'Task:for',
    'ServiceRequest:subject',
    'Specimen:patient',
    '0',
    '200',
    '100000',
    'MTIzLjQ1',
    'json',
    'xml',
  );
  return fc.dictionary(
    names,
    fc.oneof(
      { arbitrary: values, weight: 4 },
      { arbitrary: fc.constantFrom(...HOSTILE_QUERY), weight: 1 },
    ),
    { maxKeys: 3 },
  );
}

/**
 * The checks of checkAnswer for the FHIR API: a 4xx is an OperationOutcome (application/fhir+json)
 * whose diagnostics are one of core's sentences, every expression a string.
 */
export function checkFhirAnswer(status: number, body: string, contentType: string): string {
  if (status >= 500) return `answered ${status}`;
  for (const [name, re] of LEAKS) {
    const m = re.exec(body);
    if (m) return `leaks ${name}: …${body.slice(Math.max(0, m.index - 60), m.index + 80)}…`;
  }
  if (status < 400) return '';
  if (!/^application\/fhir\+json/.test(contentType)) return `a ${status} that is not FHIR JSON`;
  let json: { resourceType?: unknown; issue?: unknown };
  try {
    json = JSON.parse(body);
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  if (json?.resourceType !== 'OperationOutcome') return `a ${status} not an OperationOutcome`;
  const keys = Object.keys(json).filter((k) => k !== 'resourceType' && k !== 'issue');
  if (keys.length) return `a ${status} with keys ${keys}`;
  const issue = Array.isArray(json.issue) && json.issue.length === 1 ? json.issue[0] : undefined;
  if (!issue || typeof issue !== 'object') return `a ${status} without one issue`;
  const { diagnostics, expression } = issue as { diagnostics?: unknown; expression?: unknown };
  if (typeof diagnostics !== 'string' || !isCatalogueMessage(diagnostics)) {
    return `a ${status} whose diagnostics are not core's: ${String(diagnostics)}`;
  }
  if (
    expression !== undefined &&
    (!Array.isArray(expression) || expression.some((e) => typeof e !== 'string'))
  ) {
    return `a ${status} whose expression is not a list of names`;
  }
  return '';
}

export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, raw] of Object.entries(query)) {
    const v = raw instanceof Hostile ? raw.value : raw;
    if (v instanceof RawUrl) parts.push(`${enc(k)}=${v.text}`);
    else if (Array.isArray(v)) for (const x of v) parts.push(`${enc(k)}=${enc(x)}`);
    else parts.push(`${enc(k)}=${enc(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A generated body with its Hostile wrappers replaced by their values. */
export function materialize(value: unknown): unknown {
  if (value instanceof Hostile) return value.value;
  if (Array.isArray(value)) return value.map(materialize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, materialize(v)]));
  }
  return value;
}

/** Internals no answer may show: stack frames, SQL and its errors, file paths, error classes. */
export const LEAKS: [string, RegExp][] = [
  // 'at fn (file:1:2)' or 'at file:1:2' (not 'ECG at Home (12-lead)').
  ['stack frame', /\bat [^"\n]*?:\d+:\d+/],
  ['node_modules', /node_modules/],
  ['source path', /\/(work|home|usr|opt|app|src)\/\S*\.(ts|js|mjs)\b/],
  ['source line', /\.(ts|js|mjs):\d+/],
  // 'select ' alone is in core's sentences ('Please select order type'); SQL names columns.
  ['sql select', /\bselect (\*|distinct|count\(|"?\w+"?\."?\w+"?|\w+, ?\w+)/i],
  ['sql', /\bSELECT \S|\b(insert into|INSERT INTO|delete from|DELETE FROM)\b|\bwhere "?\w+"? ?=/],
  // Quotes arrive escaped inside a JSON string: relation \"orders\".
  ['pg relation', /(relation|column|constraint|table) \\?"|violates|duplicate key/],
  ['pg syntax', /syntax error|invalid input syntax|out of range for type|invalid byte sequence/],
  ['error class', /\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError|DrizzleError)\b/],
  ['fastify code', /\bFST_ERR_|ERR_[A-Z_]{4,}/],
  ['max call stack', /call stack/i],
];

/** '' when an answer passes every check, else what is wrong with it. */
export function checkAnswer(status: number, body: string, contentType: string): string {
  if (status >= 500) return `answered ${status}`;
  for (const [name, re] of LEAKS) {
    const m = re.exec(body);
    if (m) return `leaks ${name}: …${body.slice(Math.max(0, m.index - 60), m.index + 80)}…`;
  }
  if (status < 400) return '';
  if (!/application\/json/.test(contentType)) return `a ${status} that is not JSON: ${contentType}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return `a ${status} not {detail}`;
  const { detail, errors, ...rest } = json as Record<string, unknown>;
  // A stale edit's 409 carries the record as it is now and its last editor (ADR 0056).
  if (status === 409 && 'current' in rest && 'modifiedBy' in rest) {
    delete rest.current;
    delete rest.modifiedBy;
  }
  // A reused Idempotency-Key with another request names its code (ADR 0062).
  if (status === 409 && rest.code === 'REPLAY_DIFFERS') delete rest.code;
  if (Object.keys(rest).length) return `a ${status} with keys ${Object.keys(rest)}`;
  if (typeof detail !== 'string' || !detail) return `a ${status} without a detail`;
  if (!isCatalogueMessage(detail)) return `a ${status} whose detail is not core's: ${detail}`;
  if (errors !== undefined) {
    if (status !== 400) return `a ${status} with field errors`;
    if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'errors not a map';
    for (const [k, v] of Object.entries(errors)) {
      if (!Array.isArray(v) || !v.length || v.some((m) => typeof m !== 'string')) {
        return `errors.${k} is not a list of sentences`;
      }
      const foreign = v.find((m) => !isCatalogueMessage(m));
      if (foreign) return `errors.${k} is not core's: ${foreign}`;
    }
  }
  return '';
}

/**
 * What changed in the database, cheaply: a row trigger on every table counts its inserted,
 * updated and deleted rows (and truncates) in `fuzz_changes`, inside the writing transaction,
 * so a write that rolls back leaves no count. Reading the counts is one small query; scanning
 * every table for its row count and newest xmin, as this did before, cost 60-100 ms a check and
 * was 60 % of the fuzzer's time (docs/decisions/0005-test-pipeline.md). Test databases only.
 */
export async function fingerprinter(db: Db) {
  const tables = (
    (await db.execute(sql`
      select table_schema as s, table_name as t
      from information_schema.tables
      where table_type = 'BASE TABLE'
        and table_schema not in ('pg_catalog', 'information_schema')
        -- Rate-limit counters (ADR 0052) count refused requests too: that is their job. So does
        -- the audit trail (ADR 0054): a failed login is an event it must keep.
        and table_name not in ('rate_limits', 'audit_events', 'fuzz_changes')
      order by 1, 2`)) as unknown as { rows: { s: string; t: string }[] }
  ).rows;
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  // One statement per call: the extended protocol takes no multi-statement strings.
  await db.execute(
    sql`create table if not exists fuzz_changes (t text primary key, n bigint not null)`,
  );
  await db.execute(
    sql.raw(`create or replace function fuzz_count_change() returns trigger language plpgsql as $$
    begin
      insert into fuzz_changes as c (t, n) values (tg_table_schema || '.' || tg_table_name, 1)
      on conflict (t) do update set n = c.n + 1;
      return null;
    end $$`),
  );
  for (const { s, t } of tables) {
    const on = `${q(s)}.${q(t)}`;
    await db.execute(sql.raw(`drop trigger if exists fuzz_change_rows on ${on}`));
    await db.execute(
      sql.raw(`create trigger fuzz_change_rows after insert or update or delete on ${on}
        for each row execute function fuzz_count_change()`),
    );
    await db.execute(sql.raw(`drop trigger if exists fuzz_change_truncate on ${on}`));
    await db.execute(
      sql.raw(`create trigger fuzz_change_truncate after truncate on ${on}
        for each statement execute function fuzz_count_change()`),
    );
  }
  return {
    /** Per table, how many rows were ever written since the triggers went in. */
    async full(): Promise<Record<string, string>> {
      const res = (await db.execute(sql`select t, n::text as f from fuzz_changes`)) as unknown as {
        rows: { t: string; f: string }[];
      };
      return Object.fromEntries(res.rows.map((r) => [r.t, r.f]));
    },
    /**
     * A new transaction id: one more than the last call's when nothing wrote in between (a
     * transaction gets an id only when it writes, committed or not), so most checks stop here.
     */
    async xid(): Promise<bigint> {
      const res = (await db.execute(sql`select txid_current()::text as x`)) as unknown as {
        rows: { x: string }[];
      };
      return BigInt(res.rows[0]?.x ?? '0');
    },
  };
}

/** The tables whose fingerprints differ. */
export const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b })
    .filter((k) => a[k] !== b[k])
    .map((k) => `${k}: ${a[k]} -> ${b[k]}`);
