import type { WebhookSubscription, WebhookUpdate } from '@dastak/core/entities/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** PATCH /webhooks/{id}/: pause or resume, or change the address or events. */
export function updateWebhook(id: number, body: WebhookUpdate): Promise<WebhookSubscription> {
  return api.patch('/webhooks/:id/', { params: { id }, body });
}

export function useUpdateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; body: WebhookUpdate }) => updateWebhook(v.id, v.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
