import {
  ISSUE_CATEGORIES,
  ISSUE_CATEGORY_LABELS,
  ISSUE_STATUS_LABELS,
  ISSUE_STATUSES,
  type IssueStatus,
} from '@dastak/core/entities/issue-reports';

export const STATUS_OPTIONS = ISSUE_STATUSES.map((value) => ({
  value,
  label: ISSUE_STATUS_LABELS[value],
}));
export const CATEGORY_OPTIONS = ISSUE_CATEGORIES.map((value) => ({
  value,
  label: ISSUE_CATEGORY_LABELS[value],
}));

export const STATUS_COLORS: Record<IssueStatus, string> = {
  open: 'red',
  inProgress: 'yellow',
  resolved: 'teal',
};
