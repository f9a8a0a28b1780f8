import type { WebhookDelivery } from '@dastak/core/entities/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** POST /webhooks/{id}/deliveries/{deliveryId}/redeliver/: 'Send again', same event id. */
export function redeliverWebhook(id: number, deliveryId: number): Promise<WebhookDelivery> {
  return api.post('/webhooks/:id/deliveries/:deliveryId/redeliver/', {
    params: { id, deliveryId },
  });
}

export function useRedeliverWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; deliveryId: number }) => redeliverWebhook(v.id, v.deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
