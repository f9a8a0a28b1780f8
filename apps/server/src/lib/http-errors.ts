import { ERRORS } from '@dastak/core/messages';

/** An error with an HTTP status and the `detail` the console toasts (spec §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** A 429's wait in seconds: the error handler sends it as Retry-After. */
    readonly retryAfterSeconds?: number,
    /** More of the body beside `detail`: a stale edit's `current` and `modifiedBy` (ADR 0056). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);
export const unauthorized = (detail: string = ERRORS.NOT_AUTHENTICATED) =>
  new HttpError(401, detail);
export const forbidden = (detail: string = ERRORS.PERMISSION_DENIED) => new HttpError(403, detail);
export const notFound = () => new HttpError(404, ERRORS.NOT_FOUND);
export const conflict = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(409, detail, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, ERRORS.TOO_MANY_REQUESTS, undefined, retryAfterSeconds);
