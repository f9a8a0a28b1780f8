import { ORDER_STATES } from '@dastak/core/states';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindUncached } from '../../../lib/statement-cache';
import {
  batchStatement,
  batchStatementParts,
  listStatement,
  listStatementParts,
  type OrderListFilter,
  type SortKey,
} from './order-list.repository';

/*
 * The list statements are compiled once per shape (lib/statement-cache.ts). Whatever filter sets
 * came before, the cached statement must be exactly the one compiled afresh: same text, same
 * values. A shape key that forgot something would fail here with two filter sets that differ
 * only in it.
 */

const dialect = new PgDialect({ casing: 'snake_case' });
const compiled = (s: Parameters<typeof dialect.sqlToQuery>[0]) => dialect.sqlToQuery(s);

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const ids = fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 });
const date = fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }).map((s) => new Date(s * 1000));

const filterArb: fc.Arbitrary<OrderListFilter> = fc.record({
  vertical: fc.constantFrom('blood', 'xray'),
  numberPattern: maybe(fc.constantFrom('%12%', '%b-1%')),
  numberPrefix: maybe(fc.constantFrom('B-26', 'X-', 'B-1_%')),
  regions: maybe(ids),
  states: maybe(fc.subarray([...ORDER_STATES], { maxLength: 3 })),
  pickupFrom: maybe(date),
  pickupTo: maybe(date),
  rider: maybe(fc.integer({ min: 1, max: 99 })),
  createdBy: maybe(fc.integer({ min: 1, max: 99 })),
  problemString: maybe(fc.integer({ min: 1, max: 9 })),
  needsReview: maybe(fc.boolean()),
  wasAutoAssigned: maybe(fc.boolean()),
  isCovid: maybe(fc.boolean()),
  fulfillmentMethod: maybe(fc.constantFrom('online', 'offline')),
  followUp: maybe(fc.boolean()),
  moreThanFollowUps: maybe(fc.integer({ min: 0, max: 5 })),
  isWildcard: maybe(fc.boolean()),
  isOnline: maybe(fc.boolean()),
  addressTypes: maybe(ids),
}) as fc.Arbitrary<OrderListFilter>;

/** A filter set and a near neighbour (one or two fields taken from another): shapes collide. */
const neighboursArb = fc.tuple(filterArb, filterArb).chain(([f, other]) =>
  fc
    .subarray(Object.keys(other) as (keyof OrderListFilter)[], { minLength: 1, maxLength: 2 })
    .map((fields) => {
      const g: Record<string, unknown> = { ...f };
      for (const field of fields) g[field] = other[field];
      return [f, g as unknown as OrderListFilter] as const;
    }),
);

const sortArb: fc.Arbitrary<SortKey[]> = fc.constantFrom(
  [{ column: 'created', desc: true }],
  [{ column: 'pickup', desc: false }],
  [
    { column: 'pickup', desc: true },
    { column: 'created', desc: false },
  ],
);

describe('order list statements compiled once per shape', () => {
  it('a cached list statement is the one compiled afresh, for any history of filter sets', () => {
    fc.assert(
      fc.property(neighboursArb, sortArb, fc.nat(5), ([f, g], keys, pageNo) => {
        const page = { size: 20, offset: pageNo * 20 };
        for (const filter of [f, g]) {
          const cached = compiled(listStatement(filter, keys, page));
          const fresh = compiled(bindUncached(listStatementParts(filter, keys, page)));
          expect(cached).toEqual(fresh);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a cached CSV batch is the one compiled afresh, first batch and after a keyset', () => {
    fc.assert(
      fc.property(neighboursArb, sortArb, fc.boolean(), ([f, g], keys, resumed) => {
        const from = resumed ? { value: '2026-11-22 10:00:00.123456+05', id: 42 } : undefined;
        for (const filter of [f, g]) {
          const cached = compiled(batchStatement(filter, keys, 1000, from));
          const fresh = compiled(bindUncached(batchStatementParts(filter, keys, 1000, from)));
          expect(cached).toEqual(fresh);
        }
      }),
      { numRuns: 200 },
    );
  });
});
