import type { WebhookCreate, WebhookWithSecret } from '@dastak/core/entities/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** POST /webhooks/: the answer carries the signing secret, shown this once. */
export function createWebhook(body: WebhookCreate): Promise<WebhookWithSecret> {
  // Silent: a refused address shows under its field (showServerErrors). The api client's toast
  // said it a second time and stayed up after the address was corrected, beside the secret.
  return api.post('/webhooks/', { body, silent: true });
}

export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
