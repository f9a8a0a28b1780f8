import fs from 'node:fs';
import path from 'node:path';
import * as messages from '@dastak/core/messages';
import { camelToSnake } from '@dastak/core/wire-case';
import type { z } from 'zod';
import type { App } from '../app';

/** Routes of the API (not the docs or the console shell), without HEAD twins. */
export const apiRoutes = (app: App) =>
  app.routeTable.filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD');

/** Routes of the FHIR API (ADR 0068): outside /api/v1, answering OperationOutcomes. */
export const fhirRoutes = (app: App) =>
  app.routeTable.filter((r) => r.url.startsWith('/fhir/') && r.method !== 'HEAD');

export const isFhirUrl = (url: string) => url.startsWith('/fhir/');

type Def = {
  type: string;
  format?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: object;
  element?: z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional / nullable / default wrappers and on the input side of pipes. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = defOf(s);
    if (
      def.innerType &&
      ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'].includes(def.type)
    ) {
      s = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      s = def.in;
    } else {
      return s;
    }
  }
}

/** The fields of an object schema (camelCase name -> unwrapped field schema), or none. */
export function fieldsOf(schema: unknown): [string, z.ZodType][] {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  const s = unwrap(schema as z.ZodType);
  const def = defOf(s);
  if (def.type !== 'object' || !def.shape) return [];
  return Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, unwrap(v)]);
}

export const typeOf = (s: z.ZodType) => defOf(s).type;

/** 'date' or 'datetime' for a field of core's date schemas (ISO text), else undefined. */
export const dateFormatOf = (s: z.ZodType): 'date' | 'datetime' | undefined => {
  const format = defOf(unwrap(s)).format;
  return format === 'date' || format === 'datetime' ? format : undefined;
};

/** A value of each date format that PostgreSQL cannot take or no date can be (ADR 0050). */
export const OUT_OF_RANGE_DATES = {
  date: ['0000-01-01', '9999-12-31', '1899-12-31', '2101-01-01'],
  datetime: [
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '1899-12-31T23:59:59Z',
    '2101-01-01T06:00:00+05:00',
  ],
} as const;

/**
 * Field names that hold ids of rows (by name, not by schema, so an id field that does not use
 * core's id schemas is still walked): id, ids, fooId(s), and the references the API names bare.
 */
const ID_NAMES = new Set([
  'region',
  'regions',
  'rider',
  'customer',
  'order',
  'city',
  'shift',
  'patient',
  'hotspot',
  'customerAddress',
  'orderSource',
  'hearAbout',
  'sourceOrder',
  'shiftSchedule',
  'riderShift',
  'addressTypes',
  'problemString',
  'createdBy',
]);
export const isIdField = (name: string) =>
  name === 'id' || name === 'ids' || /[a-z](Id|Ids)$/.test(name) || ID_NAMES.has(name);

export const snake = camelToSnake;

/** A path with its parameters filled: ids with `id`, the vertical with blood. */
export const fillPath = (url: string, id: string) =>
  url.replace(/:vertical/g, 'blood').replace(/:(\w+)/g, id);

const SENTINEL = '\u0001';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every sentence of core's message catalogue: the fixed ones, and the templated ones as patterns. */
/**
 * messages.ts and every feature module kept beside it in messages/ (ADR 0042), found by listing
 * the folder: a list written by hand missed the modules a later change split off.
 */
const MESSAGES_DIR = path.resolve(import.meta.dirname, '../../../../packages/core/src/messages');
const FEATURE_MESSAGES = await Promise.all(
  fs
    .readdirSync(MESSAGES_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => import(`@dastak/core/messages/${f.replace(/\.ts$/, '')}`) as Promise<object>),
);

function catalogue() {
  const fixed = new Set<string>();
  const patterns: RegExp[] = [];
  const visit = (v: unknown) => {
    if (typeof v === 'string') fixed.add(v);
    else if (typeof v === 'function') {
      const render = (arg: string | number) =>
        String(
          (v as (...a: unknown[]) => string)(
            ...Array.from({ length: Math.max(1, v.length) }, () => arg),
          ),
        );
      // Templates that agree in number ('1 task … it', '2 tasks … them') read differently for
      // one: the singular form is a pattern too, its 1s standing for the argument.
      const one = (() => {
        try {
          return render(1).replaceAll('1', SENTINEL);
        } catch {
          return null; // a template of text, not of a count
        }
      })();
      const text = (() => {
        try {
          return render(SENTINEL);
        } catch {
          return null; // a function of records (dispatch's explanations), not a template
        }
      })();
      if (text === null) return;
      for (const t of one === null ? [text] : [text, one]) {
        patterns.push(new RegExp(`^${escapeRegExp(t).replaceAll(SENTINEL, '.+?')}$`));
      }
    } else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  for (const module of [messages, ...FEATURE_MESSAGES]) visit(module);
  return { fixed, patterns };
}
const CATALOGUE = catalogue();

/** True when a user-visible message is one of core's sentences. */
export const isCatalogueMessage = (m: string) =>
  CATALOGUE.fixed.has(m) || CATALOGUE.patterns.some((p) => p.test(m));
