import { ISSUE_STATUS_LABELS, type IssueStatus } from '@dastak/core/entities/issue-reports';
import { Badge } from '@mantine/core';
import { STATUS_COLORS } from '../issue-labels';

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {ISSUE_STATUS_LABELS[status]}
    </Badge>
  );
}
