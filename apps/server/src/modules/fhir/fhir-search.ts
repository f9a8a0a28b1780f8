import { FHIR_MESSAGES } from '@dastak/core/messages';
import { DomainError } from '../../lib/domain-errors';

/**
 * FHIR search parameters, parsed from the query string as FHIR writes them (repeated names,
 * prefixes, `system|value`), not through the API's snake_case boundary (ADR 0068). Anything this
 * server does not support is a 400 OperationOutcome that names the parameter, never ignored:
 * a lab's system that filters on a parameter we drop would otherwise read the wrong rows.
 */

/** A refused search: `param` becomes the OperationOutcome issue's expression. */
export class SearchError extends DomainError {
  constructor(
    detail: string,
    readonly param: string,
  ) {
    super('invalid', detail, { errors: { [param]: [detail] } });
  }
}

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 200;

/** What a search may use; each resource names the parameters it supports (fhir-resources.ts). */
export interface SearchSpec {
  /** Date parameters (all mean the resource's one searchable time). */
  date?: readonly string[];
  /** Token parameters of the status and their codes. */
  status?: { names: readonly string[]; codes: readonly string[] };
  identifier?: readonly string[];
  /** Reference parameters to a Patient. */
  patient?: readonly string[];
  /** `_include` values accepted, e.g. 'Task:for'. */
  includes?: readonly string[];
}

export interface Identifier {
  system?: string;
  value: string;
}

export interface Search {
  ids?: number[];
  /** The searchable time lies in [from, to). */
  from?: Date;
  to?: Date;
  statuses?: string[];
  identifiers?: Identifier[];
  patientIds?: number[];
  includes: string[];
  count: number;
  cursor?: string;
}

const MAX_ID = 2_147_483_647;
/** Dates PostgreSQL and the data can hold (ADR 0050): a search outside names nothing useful. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
/** Dates without a time zone are Karachi days ("today" is Karachi's, DESIGN.md). */
const KARACHI = '+05:00';

const FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);

/** Splits a FHIR token list on commas not escaped with a backslash. */
function splitList(raw: string): string[] {
  return raw
    .split(/(?<!\\),/)
    .map((v) => v.replace(/\\([,|$\\])/g, '$1'))
    .filter((v) => v !== '');
}

function parseId(raw: string, param: string, type?: string): number {
  let id = raw;
  // A reference: 123, Patient/123 or an absolute URL ending in Patient/123.
  if (type) {
    const m = new RegExp(`(?:^|/)${type}/([^/]+)$`).exec(raw);
    if (m?.[1]) id = m[1];
    else if (raw.includes('/')) throw new SearchError(FHIR_MESSAGES.BAD_REFERENCE, param);
  }
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID) {
    // An id no row can have finds nothing, as in FHIR: -1 signals "no match" to the caller.
    if (/^[A-Za-z0-9\-.]{1,64}$/.test(id)) return -1;
    throw new SearchError(FHIR_MESSAGES.BAD_REFERENCE, param);
  }
  return Number(id);
}

const DATE_RE =
  /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** The instant range [start, end) a FHIR date of any precision covers. */
function dateRange(raw: string, param: string) {
  const m = DATE_RE.exec(raw);
  if (!m) throw new SearchError(FHIR_MESSAGES.BAD_DATE, param);
  const [, prefix = 'eq', y, mo, d, h, mi, s, frac, tz] = m;
  const year = Number(y);
  if (year < MIN_YEAR || year > MAX_YEAR) throw new SearchError(FHIR_MESSAGES.BAD_DATE, param);
  if (prefix === 'ne' || prefix === 'ap') throw new SearchError(FHIR_MESSAGES.BAD_DATE, param);
  const iso = (yy: number, mm: number, dd: number) =>
    `${String(yy).padStart(4, '0')}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
  let start: Date;
  let end: Date;
  if (h !== undefined) {
    const secs = s !== undefined;
    start = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${tz}`);
    end = new Date(start.getTime() + (frac ? 1 : secs ? 1000 : 60_000));
  } else if (d !== undefined) {
    start = new Date(`${y}-${mo}-${d}T00:00:00${KARACHI}`);
    end = new Date(start.getTime() + 86_400_000);
  } else if (mo !== undefined) {
    start = new Date(`${y}-${mo}-01T00:00:00${KARACHI}`);
    const next = Number(mo) === 12 ? iso(year + 1, 1, 1) : iso(year, Number(mo) + 1, 1);
    end = new Date(`${next}T00:00:00${KARACHI}`);
  } else {
    start = new Date(`${y}-01-01T00:00:00${KARACHI}`);
    end = new Date(`${iso(year + 1, 1, 1)}T00:00:00${KARACHI}`);
  }
  // 2026-02-30 or 25:00 parse to Invalid Date or roll over: refuse both.
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    throw new SearchError(FHIR_MESSAGES.BAD_DATE, param);
  }
  if (d !== undefined) {
    const check = new Date(`${y}-${mo}-${d}T12:00:00Z`);
    if (check.getUTCDate() !== Number(d) || check.getUTCMonth() + 1 !== Number(mo)) {
      throw new SearchError(FHIR_MESSAGES.BAD_DATE, param);
    }
  }
  return { prefix, start, end };
}

/** Parses a resource's search from the raw query string. */
export function parseSearch(query: string, spec: SearchSpec): Search {
  const params = new URLSearchParams(query);
  const seen = new Set<string>();
  const search: Search = { includes: [], count: DEFAULT_COUNT };
  const once = (name: string) => {
    if (seen.has(name)) throw new SearchError(FHIR_MESSAGES.REPEATED_PARAMETER, name);
    seen.add(name);
  };
  for (const [name, value] of params) {
    if (name === '_count') {
      once(name);
      if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
        throw new SearchError(FHIR_MESSAGES.BAD_COUNT, name);
      }
      // A server may return fewer than asked (FHIR search §3.1.1.5.4): past the cap, the cap.
      search.count = Math.min(Number(value), MAX_COUNT);
    } else if (name === '_cursor') {
      once(name);
      search.cursor = value;
    } else if (name === '_format') {
      if (!FORMATS.has(value)) throw new SearchError(FHIR_MESSAGES.BAD_FORMAT, name);
    } else if (name === '_include') {
      if (!spec.includes?.includes(value)) throw new SearchError(FHIR_MESSAGES.BAD_INCLUDE, name);
      if (!search.includes.includes(value)) search.includes.push(value);
    } else if (name === '_id') {
      once(name);
      const ids = splitList(value).map((v) => parseId(v, name));
      if (ids.length === 0) throw new SearchError(FHIR_MESSAGES.BAD_REFERENCE, name);
      search.ids = ids;
    } else if (spec.date?.includes(name)) {
      // Repeated date parameters AND together: date=ge2026-11-01&date=lt2026-12-01.
      const { prefix, start, end } = dateRange(value, name);
      let from: Date | undefined;
      let to: Date | undefined;
      if (prefix === 'eq') [from, to] = [start, end];
      else if (prefix === 'ge') from = start;
      else if (prefix === 'gt' || prefix === 'sa') from = end;
      else if (prefix === 'le') to = end;
      else to = start; // lt, eb
      if (from && (!search.from || from > search.from)) search.from = from;
      if (to && (!search.to || to < search.to)) search.to = to;
    } else if (spec.status?.names.includes(name)) {
      once('status');
      const codes = splitList(value);
      if (codes.length === 0 || codes.some((c) => !spec.status?.codes.includes(c))) {
        throw new SearchError(FHIR_MESSAGES.BAD_TOKEN, name);
      }
      search.statuses = codes;
    } else if (spec.identifier?.includes(name)) {
      once('identifier');
      const identifiers = splitList(value).map((v) => {
        const bar = v.indexOf('|');
        const id = bar < 0 ? { value: v } : { system: v.slice(0, bar), value: v.slice(bar + 1) };
        if (!id.value) throw new SearchError(FHIR_MESSAGES.BAD_IDENTIFIER, name);
        return id.system ? id : { value: id.value };
      });
      if (identifiers.length === 0) throw new SearchError(FHIR_MESSAGES.BAD_IDENTIFIER, name);
      search.identifiers = identifiers;
    } else if (spec.patient?.includes(name)) {
      once('patient');
      const ids = splitList(value).map((v) => parseId(v, name, 'Patient'));
      if (ids.length === 0) throw new SearchError(FHIR_MESSAGES.BAD_REFERENCE, name);
      search.patientIds = ids;
    } else {
      throw new SearchError(FHIR_MESSAGES.UNKNOWN_PARAMETER, name);
    }
  }
  return search;
}

/**
 * The page cursor: the sort key of the last entry sent, opaque to the client (a `next` link
 * carries it). Keyset paging stays as fast on page 1,000 as on page 1.
 */
export function encodeCursor(parts: readonly (number | string)[]): string {
  return Buffer.from(parts.join('.')).toString('base64url');
}

export function decodeCursor(cursor: string, size: number): number[] {
  const parts = Buffer.from(cursor, 'base64url').toString().split('.');
  if (parts.length !== size || parts.some((p) => !/^\d{1,16}$/.test(p))) {
    throw new SearchError(FHIR_MESSAGES.BAD_CURSOR, '_cursor');
  }
  return parts.map(Number);
}
