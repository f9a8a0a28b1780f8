import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** `page` (1-based) and `page_size` (default 20, max 100), as DESIGN.md's API conventions say. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const limitOffset = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** next/previous are links carrying the page parameter, built from the request's own URL. */
export function paged<T>(req: FastifyRequest, q: PageQuery, count: number, results: T[]): Paged<T> {
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
