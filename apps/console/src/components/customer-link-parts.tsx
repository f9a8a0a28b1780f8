import type { CustomerLink, SentMessage } from '@dastak/core/entities/feedback';
import { LINK_MESSAGES } from '@dastak/core/messages/customer-links';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import type { LinkState, MessageState } from '@dastak/core/states';
import { Text, Tooltip } from '@mantine/core';
import { Tag, type TagColor } from './tag';

/**
 * Pieces shared by the order detail's 'Customer Links' and the customer detail's 'Surveys': the
 * link's state, the state of its last text message, and the dates (ADRs 0038, 0051). A link's URL
 * is never shown: it opens the customer's form, and only the text message carries it (ADR 0051).
 */

export const formatWhen = (value: string) => `${formatDisplayDate(value)} ${formatTime12(value)}`;

const LINK_TINT: Record<LinkState, TagColor> = {
  sent: 'yellow',
  opened: 'violet',
  completed: 'green',
  expired: 'gray',
};

/** Sent, opened (the customer's first read), completed (answered) or expired. */
export function LinkStateTag({ state }: { state: LinkState }) {
  return (
    <Tag color={LINK_TINT[state]} data-testid="link-state">
      {LINK_MESSAGES.LINK_STATE_LABELS[state]}
    </Tag>
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
