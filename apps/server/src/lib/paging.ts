import type { Paged, PageQuery } from '@dastak/core/entities/common';
import type { FastifyRequest } from 'fastify';

export const limitOffset = (q: PageQuery) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** A link to another page: the request's own URL with its page parameter set. */
export function pageLink(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** next/previous are links carrying the page parameter, built from the request's own URL. */
export function pageResponse<T>(
  req: FastifyRequest,
  q: PageQuery,
  count: number,
  results: T[],
): Paged<T> {
  return {
    count,
    next: q.page * q.pageSize < count ? pageLink(req, q.page + 1) : null,
    previous: q.page > 1 ? pageLink(req, q.page - 1) : null,
    results,
  };
}
