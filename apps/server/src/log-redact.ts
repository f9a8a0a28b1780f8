import pino from 'pino';

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The error serializer of every log line: pino's own, minus the values a failed statement
 * carries. Drizzle puts a failed query's parameters (phone numbers, names, addresses) into the
 * error's message, its stack and a `params` field; PostgreSQL's `detail` repeats the offending
 * value ('Key (phone)=(0300...) already exists'). The statement text, the error code, the
 * constraint and the stack frames stay: they are what an engineer needs.
 */
export function safeErrSerializer(err: Error): SerializedError {
  const out = pino.stdSerializers.err(err) as SerializedError;
  let message = typeof out.message === 'string' ? out.message : undefined;
  let stack = typeof out.stack === 'string' ? out.stack : undefined;
  // The error and its causes: a failed statement may sit anywhere in the chain.
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 10; depth++) {
    const params = (e as { params?: unknown }).params;
    if (params !== undefined) {
      const shown = `\nparams: ${String(params)}`;
      message = message?.split(shown).join('\nparams: [redacted]');
      stack = stack?.split(shown).join('\nparams: [redacted]');
    }
    e = (e as { cause?: unknown }).cause;
  }
  const safe: SerializedError = { ...out, message: message ?? '', stack: stack ?? '' };
  delete safe.params;
  delete safe.detail;
  delete safe.where;
  return safe;
}
