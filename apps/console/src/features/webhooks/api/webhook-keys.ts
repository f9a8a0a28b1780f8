/** Query keys of webhooks; every mutation invalidates under `all`. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};
