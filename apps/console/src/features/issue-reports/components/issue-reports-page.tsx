import {
  ISSUE_CATEGORIES,
  ISSUE_STATUSES,
  type IssueCategory,
  type IssueStatus,
} from '@dastak/core/entities/issue-reports';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useHasPermission } from '../../../lib/use-session';
import { EmbeddedOr } from '../../embeds/public';
import { IssueReportDrawer } from './issue-report-drawer';
import { IssueReportForm } from './issue-report-form';
import { type IssueListState, IssueReportsList } from './issue-reports-list';

const TITLE = 'Issue Reporting';

/**
 * /issue-reporting (ADR 0041): the team's own tracker in a frame when the server has
 * ISSUE_REPORTING_URL, else the built-in form, list and detail drawer.
 */
export function IssueReportsPage() {
  return (
    <EmbeddedOr title={TITLE} embed="issueReportingUrl">
      <BuiltInIssueReporting />
    </EmbeddedOr>
  );
}

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined;

/** The list's filters and the open issue live in the URL (the support email links ?issue=). */
function useIssueUrlState() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const list: IssueListState = {
    status: oneOf<IssueStatus>(ISSUE_STATUSES, params.get('status')),
    category: oneOf<IssueCategory>(ISSUE_CATEGORIES, params.get('category')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const issue = Number(params.get('issue'));
  const openId = Number.isInteger(issue) && issue > 0 ? issue : null;

  const write = (next: IssueListState, open: number | null) => {
    const q = new URLSearchParams();
    if (next.status) q.set('status', next.status);
    if (next.category) q.set('category', next.category);
    if (next.page > 1) q.set('page', String(next.page));
    if (open) q.set('issue', String(open));
    setParams(q);
  };
  return {
    list,
    openId,
    setList: (next: IssueListState) => write(next, openId),
    open: (id: number | null) => write(list, id),
  };
}

function BuiltInIssueReporting() {
  const canManage = useHasPermission(PERMISSIONS.CAN_MANAGE_ISSUE_REPORTS);
  const { list, openId, setList, open } = useIssueUrlState();
  return (
    <Stack gap="md" p="lg">
      <Stack gap={2}>
        <Title order={1} fz="h2">
          {TITLE}
        </Title>
        <Text c="dimmed" size="sm">
          Tell the team what went wrong without leaving the console.{' '}
          {canManage
            ? 'You see every reported issue and can change its status.'
            : 'You see the issues you reported.'}
        </Text>
      </Stack>
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <IssueReportForm onCreated={(report) => open(report.id)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <IssueReportsList
            state={list}
            onChange={setList}
            onOpen={open}
            showReporter={canManage}
          />
        </Grid.Col>
      </Grid>
      <IssueReportDrawer id={openId} onClose={() => open(null)} canManage={canManage} />
    </Stack>
  );
}
