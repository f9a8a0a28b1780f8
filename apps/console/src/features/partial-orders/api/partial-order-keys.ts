/**
 * Query keys of the partial orders. They sit under ['orders'], so an order create that converts
 * one (which invalidates every order key) refreshes the list too; the detail key is the one the
 * create page reads the partial order under.
 */
export const partialOrderKeys = {
  all: ['orders', 'partial-order'] as const,
  list: (params: Record<string, string>) => ['orders', 'partial-order', 'list', params] as const,
  detail: (id: number) => ['orders', 'partial-order', id] as const,
};
