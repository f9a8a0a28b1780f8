import type { issueCommentSchema } from '@dastak/core/entities/issue-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { issueReportKeys } from './issue-report-keys';

export type IssueComment = z.infer<typeof issueCommentSchema>;

/** POST /issue-reports/{id}/comments/ {text}: by the reporter or a manager. */
export function addIssueComment(id: number, text: string): Promise<IssueComment> {
  return api.post('/issue-reports/:id/comments/', { params: { id }, body: { text } });
}

export function useAddIssueCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; text: string }) => addIssueComment(v.id, v.text),
    onSuccess: (_comment, v) =>
      queryClient.invalidateQueries({ queryKey: issueReportKeys.detail(v.id) }),
  });
}
