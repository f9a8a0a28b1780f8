import type { Paged, PageQuery } from '@dastak/core/entities/common';
import type { FastifyRequest } from 'fastify';

export const limitOffset = (q: PageQuery) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** next/previous are links carrying the page parameter, built from the request's own URL. */
export function pageResponse<T>(
  req: FastifyRequest,
  q: PageQuery,
  count: number,
  results: T[],
): Paged<T> {
  const link = (page: number) => {
    const url = new URL(req.url, `${req.protocol}://${req.host}`);
    url.searchParams.set('page', String(page));
    return url.toString();
  };
  return {
    count,
    next: q.page * q.pageSize < count ? link(q.page + 1) : null,
    previous: q.page > 1 ? link(q.page - 1) : null,
    results,
  };
}
