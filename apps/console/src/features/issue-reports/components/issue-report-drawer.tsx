import { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';
import {
  ISSUE_CATEGORY_LABELS,
  type IssueReport,
  type IssueStatus,
  issueCommentCreateSchema,
} from '@dastak/core/entities/issue-reports';
import { ISSUE_REPORT_MESSAGES } from '@dastak/core/messages/issue-reports';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Drawer,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { showSuccessToast } from '../../../lib/toast';
import { useAddIssueCommentMutation } from '../api/add-issue-comment';
import { useChangeIssueStatusMutation } from '../api/change-issue-status';
import { useIssueReportQuery } from '../api/get-issue-report';
import { useIssueScreenshotQuery } from '../api/get-issue-screenshot';
import { STATUS_OPTIONS } from '../issue-labels';
import { IssueStatusBadge } from './issue-status-badge';

const when = (iso: string) => `${formatDisplayDate(iso)} ${formatTime12(iso)}`;

/** One report: what was reported, its screenshot, its comments, and (managers) its status. */
export function IssueReportDrawer({
  id,
  onClose,
  canManage,
}: {
  id: number | null;
  onClose: () => void;
  canManage: boolean;
}) {
  const report = useIssueReportQuery(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={report.data ? `Issue #${report.data.id}` : 'Issue'}
    >
      {report.isPending ? (
        <Loader aria-label="Loading issue" size="sm" />
      ) : report.isError ? (
        <Alert color="red">This issue could not be loaded.</Alert>
      ) : (
        <IssueDetail report={report.data} canManage={canManage} />
      )}
    </Drawer>
  );
}

function IssueDetail({ report, canManage }: { report: IssueReport; canManage: boolean }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} size="lg">
          {report.title}
        </Text>
        <Group gap="xs">
          <IssueStatusBadge status={report.status} />
          <Text size="sm" c="dimmed">
            {ISSUE_CATEGORY_LABELS[report.category]} · reported by {report.reporter.fullName} on{' '}
            {when(report.created)}
          </Text>
        </Group>
      </Stack>
      {canManage && <StatusSelect report={report} />}
      <Text style={{ whiteSpace: 'pre-wrap' }}>{report.description}</Text>
      {report.order && (
        <Text size="sm">
          Order:{' '}
          <Anchor
            component={Link}
            to={`/${report.order.vertical}/orders/detail/${report.order.id}`}
          >
            {report.order.number}
          </Anchor>
        </Text>
      )}
      {report.hasScreenshot && <Screenshot id={report.id} />}
      <Divider label="Comments" labelPosition="left" />
      <Comments report={report} />
    </Stack>
  );
}

function StatusSelect({ report }: { report: IssueReport }) {
  const change = useChangeIssueStatusMutation();
  return (
    <Select
      label="Status"
      data={STATUS_OPTIONS}
      value={report.status}
      allowDeselect={false}
      disabled={change.isPending}
      onChange={(v) => {
        if (!v || v === report.status) return;
        change.mutate(
          { id: report.id, status: v as IssueStatus },
          { onSuccess: () => showSuccessToast(ISSUE_REPORT_MESSAGES.STATUS_CHANGED) },
        );
      }}
      w={200}
    />
  );
}

function Screenshot({ id }: { id: number }) {
  const image = useIssueScreenshotQuery(id, true);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  if (image.isError) return <Alert color="red">The screenshot could not be loaded.</Alert>;
  if (!url) return <Loader aria-label="Loading screenshot" size="sm" />;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label="Open screenshot">
      <Image
        src={url}
        alt={`Screenshot of issue #${id}`}
        mah={320}
        fit="contain"
        radius="sm"
        bd="1px solid var(--mantine-color-gray-3)"
      />
    </Anchor>
  );
}

function Comments({ report }: { report: IssueReport }) {
  const add = useAddIssueCommentMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const comments = report.comments ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = issueCommentCreateSchema.safeParse({ text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    add.mutate(
      { id: report.id, text: parsed.data.text },
      {
        onSuccess: () => {
          setText('');
          showSuccessToast(ISSUE_REPORT_MESSAGES.COMMENT_ADDED);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : (
        <Stack gap="xs" aria-label="Comments">
          {comments.map((c) => (
            <Paper key={c.id} withBorder p="xs" radius="sm">
              <Text size="xs" c="dimmed">
                {c.author.fullName} · {when(c.created)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.text}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={ISSUE_REPORT_LIMITS.COMMENT_MAX}
            value={text}
            error={error}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={add.isPending}>
              Comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
