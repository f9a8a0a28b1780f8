import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

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
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          Webhook ready. Copy this secret now and give it to the system at {url}. It is not shown
          again; if it is lost, rotate it to get a new one.
        </Alert>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          Each delivery carries a Dastak-Signature header: t=unix time, v1=the hex HMAC-SHA256 of
          "t.body" with this secret (see the README's Webhooks section).
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
