import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A secret the server answers with once (an API key, a webhook's signing secret) and never shows
 * again: the warning, the secret with a copy button, and Done. It is the user's one chance to
 * copy it, so the look and the copy button are the same wherever it happens.
 */
export function SecretShownOnce({
  secret,
  warning,
  warningTitle,
  intro,
  note,
  copyLabel,
  testId,
  onDone,
}: {
  secret: string;
  /** Why to copy it now: what is lost when the dialog closes. */
  warning: ReactNode;
  warningTitle?: string;
  /** Above the secret: what it is for. */
  intro?: ReactNode;
  /** Below the secret: how it is used. */
  note?: ReactNode;
  copyLabel: string;
  /** The secret's test id, for the e2e specs that read it. */
  testId: string;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={warningTitle}>
        {warning}
      </Alert>
      {intro}
      {/* A key is one long word: broken anywhere rather than overflowing the dialog. */}
      <Code block data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      {note}
      <Group justify="flex-end" gap="lg">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
