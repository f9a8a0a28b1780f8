import { Modal, Text } from '@mantine/core';
import { SecretShownOnce } from '../../../components/secret-shown-once';

/** The signing secret, shown once after a create or a rotation: copy it now or make a new one. */
export function WebhookSecretDialog({
  secret,
  url,
  onClose,
}: {
  secret: string | null;
  url: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Signing secret" centered size="lg">
      <SecretShownOnce
        secret={secret ?? ''}
        warning={
          <>
            Webhook ready. Copy this secret now and give it to the system at {url}. It is not shown
            again; if it is lost, rotate it to get a new one.
          </>
        }
        note={
          <Text size="sm" c="dimmed">
            Each delivery carries a Dastak-Signature header: t=unix time, v1=the hex HMAC-SHA256 of
            "t.body" with this secret (see the README's Webhooks section).
          </Text>
        }
        copyLabel="Copy secret"
        testId="webhook-secret"
        onDone={onClose}
      />
    </Modal>
  );
}
