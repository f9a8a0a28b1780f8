import { ISSUE_REPORT_LIMITS } from '@dastak/core/constants';
import {
  type IssueReport,
  type IssueReportCreate,
  issueReportCreateSchema,
} from '@dastak/core/entities/issue-reports';
import { ISSUE_REPORT_MESSAGES } from '@dastak/core/messages/issue-reports';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-server-errors';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateIssueReportMutation } from '../api/create-issue-report';
import { CATEGORY_OPTIONS } from '../issue-labels';
import { readAsDataUrl } from '../screenshot-file';
import { ScreenshotInput } from './screenshot-input';

/** A fresh Idempotency-Key; getRandomValues works on plain-http deployments too. */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

const EMPTY = { title: '', description: '', category: undefined, orderNumber: '' } as const;

/** Report an issue: title, description, category, an optional order number and screenshot. */
export function IssueReportForm({ onCreated }: { onCreated: (report: IssueReport) => void }) {
  const create = useCreateIssueReportMutation();
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string>();
  // One key per report being written: a retried submit files it once.
  const idempotencyKey = useRef(newKey());
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<IssueReportCreate>({
    resolver: zodResolver(issueReportCreateSchema),
    mode: 'onTouched',
    defaultValues: EMPTY as unknown as IssueReportCreate,
  });

  const submit = handleSubmit(async (values) => {
    if (screenshotError) return;
    const body = {
      ...values,
      orderNumber: values.orderNumber || undefined,
      screenshot: screenshot ? await readAsDataUrl(screenshot) : undefined,
    };
    create.mutate(
      { body, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (report) => {
          showSuccessToast(ISSUE_REPORT_MESSAGES.CREATED);
          reset(EMPTY as unknown as IssueReportCreate);
          setScreenshot(null);
          idempotencyKey.current = newKey();
          onCreated(report);
        },
        onError: (error) => {
          // The screenshot is no form field: its message shows beside the file input.
          const screenshotMessage = error instanceof ApiError && error.errors?.screenshot?.[0];
          if (screenshotMessage) setScreenshotError(screenshotMessage);
          showServerErrors(error, ['title', 'description', 'category', 'orderNumber'], setError);
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-label="Report an issue">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Report an issue
          </Title>
          <TextInput
            label="Title"
            withAsterisk
            maxLength={ISSUE_REPORT_LIMITS.TITLE_MAX}
            placeholder="What went wrong, in a few words"
            error={errors.title?.message}
            {...register('title')}
          />
          <Controller
            control={control}
            name="category"
            render={({ field, fieldState }) => (
              <Select
                label="Category"
                withAsterisk
                placeholder="Select a category"
                data={CATEGORY_OPTIONS}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            maxLength={ISSUE_REPORT_LIMITS.DESCRIPTION_MAX}
            placeholder="What you did, what you expected, what happened instead"
            error={errors.description?.message}
            {...register('description')}
          />
          <TextInput
            label="Order number"
            description="Optional: the order this is about"
            placeholder="e.g. B-26112500007"
            error={errors.orderNumber?.message}
            {...register('orderNumber')}
          />
          <ScreenshotInput
            value={screenshot}
            onChange={setScreenshot}
            error={screenshotError}
            onError={setScreenshotError}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Submit issue
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
