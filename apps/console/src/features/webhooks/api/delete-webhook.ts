import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** DELETE /webhooks/{id}/: the subscription and its delivery log go. */
export async function deleteWebhook(id: number): Promise<void> {
  await api.delete('/webhooks/:id/', { params: { id } });
}

export function useDeleteWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
