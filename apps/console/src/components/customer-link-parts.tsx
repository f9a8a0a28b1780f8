import type { CustomerLink, SentMessage } from '@dastak/core/entities/feedback';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import type { MessageState } from '@dastak/core/states';
import { Button, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { showErrorToast, showSuccessToast } from '../lib/toast';
import { Tag, type TagColor } from './tag';

/**
 * Pieces shared by the order detail's 'Customer Links' and the customer detail's 'Surveys': the
 * copy button, the state of the last text message, and the dates (issue 14).
 */

export const formatWhen = (value: string) => `${formatDisplayDate(value)} ${formatTime12(value)}`;

/** Writes text to the clipboard; plain-http deployments have no Clipboard API, so fall back. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export function CopyLinkButton({ url, label }: { url: string; label: string }) {
  return (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={<IconCopy size={12} />}
      aria-label={`Copy ${label} link`}
      onClick={() =>
        copyText(url).then(
          () => showSuccessToast(LINK_MESSAGES.LINK_COPIED),
          () => showErrorToast(`Could not copy the link: ${url}`),
        )
      }
    >
      Copy
    </Button>
  );
}

const MESSAGE_TINT: Record<MessageState, TagColor> = {
  pending: 'gray',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
};

const MESSAGE_LABEL: Record<MessageState, string> = {
  pending: 'SMS pending',
  sending: 'SMS sending',
  sent: 'SMS sent',
  failed: 'SMS failed',
};

/** The newest message of a link: its state (the error on hover when failed) and its attempts. */
export function LastMessage({ link }: { link: CustomerLink }) {
  const last: SentMessage | undefined = link.messages.reduce<SentMessage | undefined>(
    (newest, m) => (!newest || m.created > newest.created ? m : newest),
    undefined,
  );
  if (!last) {
    return (
      <Text size="xs" c="dimmed">
        No message sent
      </Text>
    );
  }
  const tag = (
    <Tag color={MESSAGE_TINT[last.state]} data-testid="message-state">
      {MESSAGE_LABEL[last.state]}
    </Tag>
  );
  const sends = link.messages.length;
  return (
    <Text size="xs" c="dimmed" component="div" style={{ display: 'flex', gap: 6 }}>
      {last.lastError ? (
        <Tooltip label={last.lastError} multiline w={260} withArrow>
          <span>{tag}</span>
        </Tooltip>
      ) : (
        tag
      )}
      <span>
        {sends === 1 ? '1 message' : `${sends} messages`}
        {last.attempts > 1 ? ` · ${last.attempts} attempts` : ''}
      </span>
    </Text>
  );
}
