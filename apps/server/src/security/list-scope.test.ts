import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TIME_ZONE } from '@dastak/core/constants';
import { PERMISSIONS } from '@dastak/core/permissions';
import { ORDER_STATE_LABELS, type OrderState } from '@dastak/core/states';
import { formatInTimeZone } from 'date-fns-tz';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, fieldsOf, snake, typeOf } from '../test/route-walk';
import { bearer, createTestApp, createUser, login } from '../test/test-app';
import { dbFingerprint } from './db-fingerprint';
import { type ListScopeSeed, seedListScope } from './list-scope.seed';
import {
  type Call,
  classify,
  type Headers,
  type J,
  RIDER_LIST_VALUES,
  TABLE,
  valuesPool,
} from './list-scope.table';

/**
 * Object level for staff (ADR 0030): lists and exports never return a row the caller
 * could not open. Staff permissions open every row of their kind (permissions.ts), so "could not
 * open" means the row's detail answers 404: a soft-deleted record, another vertical's order, a
 * hidden rider. Every GET route of the route table that returns rows or a file is in TABLE
 * (list-scope.table.ts); a new one without an entry fails the first test.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let s: ListScopeSeed;
type Staff = { headers: Headers; id: number; email: string };
const staffUsers = new Map<string, Staff>();

/** A staff user with exactly these permissions (one per set). */
async function staffWith(permissions: string[]): Promise<Staff> {
  const unique = [...new Set(permissions)];
  const key = [...unique].sort().join('|');
  let user = staffUsers.get(key);
  if (!user) {
    const u = await createUser(t, unique);
    const session = await login(t.app, u.email, u.password);
    user = { headers: bearer(session.token), id: u.id, email: u.email };
    staffUsers.set(key, user);
  }
  return user;
}

const get = async (url: string, headers: Headers) => {
  const res = await t.app.inject({
    method: 'GET',
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers,
  });
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: json ? res.json() : res.body, raw: res };
};

const withQuery = (path: string, q: Record<string, string>) => {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [snake(k), v])).toString();
  return qs ? `${path}?${qs}` : path;
};

beforeAll(async () => {
  t = await createTestApp();
  s = await seedListScope(t);
}, 120_000);
afterAll(() => t.close());

const GETS = () => apiRoutes(t.app).filter((r) => r.method === 'GET');

describe('lists and exports never return rows the caller could not open', () => {
  it('has every list and export of the route table in its table, and nothing stale', () => {
    const gets = GETS();
    const missing = gets
      .filter((r) => classify(r) !== 'other' && !TABLE[r.url])
      .map((r) => `${r.url} (${classify(r)})`);
    const stale = Object.keys(TABLE).filter((url) => !gets.some((r) => r.url === url));
    const misfiled = gets
      .filter((r) => TABLE[r.url]?.kind === 'export' && classify(r) !== 'export')
      .map((r) => r.url);
    expect({ missing, stale, misfiled }).toEqual({ missing: [], stale: [], misfiled: [] });
    const kinds = Object.values(TABLE).map((e) => e.kind);
    console.log(
      `list scope: ${gets.length} GET routes; ${kinds.filter((k) => k === 'rows').length} lists opened row by row, ` +
        `${kinds.filter((k) => k === 'export').length} exports, ${kinds.filter((k) => k === 'lookup').length} without a detail`,
    );
  });

  it('opens every row of every list, with and without each filter, and a filter never widens', async () => {
    const wrong: string[] = [];
    let calls = 0;
    let opened = 0;
    const pool = valuesPool(s);
    for (const route of GETS()) {
      const entry = TABLE[route.url];
      if (entry?.kind !== 'rows') continue;
      const isRiderList = /rider/.test(route.url) && !/tasks|history/.test(route.url);
      const own: Record<string, string[]> = {
        ...pool,
        ...(isRiderList ? RIDER_LIST_VALUES : {}),
        ...entry.values?.(s),
      };
      const bases = entry.base?.(s) ?? [{}];
      const baseKeys = new Set(bases.flatMap((b) => Object.keys(b)));
      const filters = fieldsOf(route.schema?.querystring)
        .map(([name, schema]) => ({ name, schema }))
        .filter((f) => !['page', 'pageSize', 'ordering'].includes(f.name) && !baseKeys.has(f.name))
        .map(({ name, schema }) => {
          const options =
            typeOf(schema) === 'enum' ? (schema as unknown as { options: string[] }).options : [];
          const values = own[name] ?? options.filter((o) => o !== '');
          if (values.length === 0) wrong.push(`${route.url}: no values for its filter ${name}`);
          return { name, values };
        });
      const paths =
        entry.paths?.(s) ??
        (route.url.includes(':vertical')
          ? ['blood', 'xray'].map((v) => route.url.replace(':vertical', v))
          : [route.url]);
      const callers =
        entry.caller === 'rider'
          ? Object.values(s.riders)
              .filter((r) => r !== s.riders.gone)
              .map((r) => ({ headers: r.auth, id: r.id }))
          : [await staffWith([String(route.access), ...(entry.detail ? [entry.detail] : [])])];

      for (const caller of callers) {
        for (const path of paths) {
          for (const base of bases) {
            const c: Call = {
              s,
              path,
              query: base,
              get: (url) => get(url, caller.headers),
              callerId: caller.id,
            };
            const list = async (q: Record<string, string>, at = path) => {
              calls++;
              const r = await get(withQuery(at, { ...q, pageSize: '100' }), caller.headers);
              if (r.status !== 200) return { status: r.status, rows: [] as J[], body: r.body };
              const rows: J[] =
                entry.rows?.(r.body) ?? (Array.isArray(r.body) ? r.body : r.body.results);
              if (r.body?.next)
                wrong.push(`${path}: more than one page; the subset check needs one`);
              return { status: 200, rows, body: r.body };
            };
            const seen = new Set<string>();
            const openAll = async (rows: J[], label: string) => {
              for (const row of rows) {
                const key = JSON.stringify([row.id, row.order?.id]);
                if (seen.has(key)) continue;
                seen.add(key);
                opened++;
                const problem = await entry.open(row, c);
                if (problem) wrong.push(`${label}: ${problem}`);
              }
            };
            const all = await list({ ...base, ...entry.baseline });
            const label = withQuery(path, base);
            // A parent the caller cannot open (a rider of the other vertical) is refused whole.
            if (all.status === 404 && Object.keys(base).length > 0) continue;
            if (all.status !== 200) {
              wrong.push(`${label} -> ${all.status} ${JSON.stringify(all.body).slice(0, 120)}`);
              continue;
            }
            await openAll(all.rows, label);
            const superset = entry.baselinePath
              ? await list({ ...base, ...entry.baseline }, entry.baselinePath)
              : all;
            const everyId = new Set(superset.rows.map((r) => JSON.stringify([r.id, r.order?.id])));
            for (const f of filters) {
              for (const value of f.values) {
                const q = { ...base, [f.name]: value };
                const got = await list(q);
                const at = withQuery(path, q);
                if (got.status !== 200) {
                  wrong.push(`${at} -> ${got.status} ${JSON.stringify(got.body).slice(0, 120)}`);
                  continue;
                }
                const wider = got.rows.filter(
                  (r) => !everyId.has(JSON.stringify([r.id, r.order?.id])),
                );
                if (wider.length)
                  wrong.push(`${at}: widens by ${wider.map((r) => r.id).join(',')}`);
                await openAll(got.rows, at);
              }
            }
          }
        }
      }
    }
    console.log(`list scope: ${calls} list calls, ${opened} rows opened`);
    expect(wrong).toEqual([]);
    expect(opened).toBeGreaterThan(20);
  }, 120_000);
});

/** CSV text as records (RFC 4180 quoting; formula starts carry a leading quote, order-csv.ts). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cell = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return records.map((r) => r.map((c) => (/^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c)));
}

const when = (iso: string) => formatInTimeZone(new Date(iso), TIME_ZONE, 'yyyy-MM-dd HH:mm');
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** Every column of the export, as the order detail shows it to a plain order viewer. */
const CSV_FROM_DETAIL: Record<string, (d: J) => string> = {
  'Order Number': (d) => d.number,
  Patient: (d) => `${d.patient.firstName} ${d.patient.lastName}`.trim(),
  // The list's phone falls back to the customer's, which the detail shows too.
  Phone: (d) => d.patient.phone ?? d.customer?.phone ?? '',
  Address: (d) => d.address,
  Region: (d) => d.regionName ?? '',
  Rider: (d) => d.assignedRider?.name ?? '',
  Status: (d) => ORDER_STATE_LABELS[d.state as OrderState],
  'Collection Time': (d) => when(d.pickup),
  Reviewed: (d) => yesNo(d.needsReview),
  'Follow Up Addressed': (d) => yesNo(d.isFollowUpAddressed),
  Created: (d) => when(d.created),
  // The sample tubes' labels (ADR 0062), as the detail's Tubes block lists them.
  Tubes: (d) => (d.tubes as { label: string }[]).map((t) => t.label).join(' '),
};

const emailsOf = async (to: string) => {
  const r = (await t.db.execute(
    sql`select payload from outbox where kind = 'email' and payload->>'to' = ${to} order by id`,
  )) as unknown as { rows: { payload: J }[] };
  return r.rows.map((x) => x.payload);
};

const outboxFiles = async () => {
  try {
    return (await readdir(join(t.config.DATA_DIR, 'outbox'))).length;
  } catch {
    return 0;
  }
};

/** The filter sets the export is checked with: none, then each order-list filter value. */
function exportQueries(): Record<string, string>[] {
  const listRoute = GETS().find((r) => r.url === '/api/v1/orders/:vertical/')!;
  const pool = valuesPool(s);
  const out: Record<string, string>[] = [{}];
  for (const [name, schema] of fieldsOf(listRoute.schema?.querystring)) {
    if (['page', 'pageSize', 'ordering'].includes(name)) continue;
    const options =
      typeOf(schema) === 'enum' ? (schema as unknown as { options: string[] }).options : [];
    for (const v of pool[name] ?? options.filter((o) => o !== '')) out.push({ [name]: v });
  }
  return out;
}

describe('the order export (CAN_DOWNLOAD_ORDER_LISTING)', () => {
  const exportPath = (check: 'order-csv' | 'order-email') =>
    Object.entries(TABLE).find(([, e]) => e.kind === 'export' && e.check === check)![0];

  it('holds exactly the orders the same filters list, with only what the detail shows', async () => {
    const viewer = await staffWith([PERMISSIONS.CAN_VIEW_ORDER]);
    const downloader = await staffWith([PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING]);
    const wrong: string[] = [];
    let files = 0;
    for (const vertical of ['blood', 'xray']) {
      const csvPath = exportPath('order-csv').replace(':vertical', vertical);
      for (const q of exportQueries()) {
        const file = await get(withQuery(csvPath, q), downloader.headers);
        const list = await get(
          withQuery(`/orders/${vertical}/`, { ...q, pageSize: '100' }),
          viewer.headers,
        );
        const label = withQuery(csvPath, q);
        if (file.status !== 200 || list.status !== 200) {
          wrong.push(`${label}: export ${file.status}, list ${list.status}`);
          continue;
        }
        files++;
        const [header, ...records] = parseCsv(String(file.body));
        if (JSON.stringify(header) !== JSON.stringify(Object.keys(CSV_FROM_DETAIL))) {
          wrong.push(`${label}: columns ${header?.join('|')} are not the detail's`);
          continue;
        }
        const numbers = records.map((r) => r[0]);
        const listed = list.body.results.map((o: J) => o.number);
        if (JSON.stringify(numbers) !== JSON.stringify(listed)) {
          wrong.push(
            `${label}: exports ${numbers.join(',')} where the list has ${listed.join(',')}`,
          );
        }
        if (Object.keys(q).length > 0) continue;
        // The unfiltered file, row by row against the detail a plain viewer opens.
        for (const record of records) {
          const o = list.body.results.find((x: J) => x.number === record[0]);
          if (!o) continue;
          const detail = await get(`/orders/${vertical}/${o.id}/`, viewer.headers);
          if (detail.status !== 200) {
            wrong.push(`${label}: exported order ${o.id} -> detail ${detail.status}`);
            continue;
          }
          Object.values(CSV_FROM_DETAIL).forEach((fromDetail, i) => {
            const want = fromDetail(detail.body);
            if (record[i] !== want) {
              wrong.push(
                `${label}: ${header![i]} of ${o.number} is '${record[i]}', detail shows '${want}'`,
              );
            }
          });
        }
      }
    }
    // The deleted patient's order is there as its detail shows it, and nothing else of theirs.
    const blood = await get(
      exportPath('order-csv').replace(':vertical', 'blood'),
      downloader.headers,
    );
    const rows = parseCsv(String(blood.body)).filter((r) => r.includes('Deleted Patient'));
    expect(rows.map((r) => r[0])).toEqual([s.orders.ofDeleted.number]);
    console.log(`order export: ${files} files compared with their lists`);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('mails the same file to the asking user only', async () => {
    const downloader = await staffWith([PERMISSIONS.CAN_DOWNLOAD_ORDER_LISTING]);
    const email = downloader.email;
    const emailPath = exportPath('order-email');
    const csvPath = exportPath('order-csv');
    const queries: Record<string, string>[] = [
      {},
      { regions: String(s.f.bloodRegion) },
      { states: 'assigned' },
    ];
    for (const q of queries) {
      for (const vertical of ['blood', 'xray']) {
        const before = (await emailsOf(email)).length;
        const r = await get(
          withQuery(emailPath.replace(':vertical', vertical), q),
          downloader.headers,
        );
        expect(r.status).toBe(200);
        const sent = await emailsOf(email);
        expect(sent.length).toBe(before + 1);
        const file = await get(
          withQuery(csvPath.replace(':vertical', vertical), q),
          downloader.headers,
        );
        expect(sent.at(-1).attachments.map((a: J) => a.content)).toEqual([file.body]);
      }
    }
  });

  it('refuses a user without the download permission and writes nothing', async () => {
    const viewer = await staffWith([PERMISSIONS.CAN_VIEW_ORDER]);
    const nobody = await staffWith([]);
    const before = await dbFingerprint(t.db);
    const filesBefore = await outboxFiles();
    for (const who of [viewer, nobody]) {
      for (const check of ['order-csv', 'order-email'] as const) {
        for (const vertical of ['blood', 'xray']) {
          const r = await get(exportPath(check).replace(':vertical', vertical), who.headers);
          expect(r.status).toBe(403);
          expect(Object.keys(r.body)).toEqual(['detail']);
        }
      }
    }
    expect(await dbFingerprint(t.db)).toEqual(before);
    expect(await outboxFiles()).toBe(filesBefore);
  });
});
