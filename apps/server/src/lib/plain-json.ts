/**
 * A route serializer that writes the handler's value as JSON without validating it first.
 *
 * Why: the app's serializer parses every response with its zod schema, which for a 20-row orders
 * page costs more CPU than the rest of the request's JavaScript (ADR 0012). Hot list routes whose
 * body the service builds field by field from its own SQL use this one; their schema stays on the
 * route for the API docs, and their tests parse real responses with it.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
