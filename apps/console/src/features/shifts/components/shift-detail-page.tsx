import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { SUCCESS, VALIDATION } from '@dastak/core/messages';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { PERMISSIONS } from '@dastak/core/permissions';
import { Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCalendarOff, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConflictAlert } from '../../../components/conflict-alert';
import { MessagePage } from '../../../components/message-page';
import { ApiError } from '../../../lib/api-client';
import { type ConflictFields, useEditConflict } from '../../../lib/edit-conflict';
import { useRouteBlocker } from '../../../lib/route-blocker';
import { showSuccessToast } from '../../../lib/toast';
import { useHasPermission } from '../../../lib/use-session';
import { useShiftRegionsQuery } from '../api/get-shift-regions';
import { useShiftScheduleQuery } from '../api/get-shift-schedule';
import { shiftKeys } from '../api/shift-keys';
import { useUpdateShiftScheduleMutation } from '../api/update-shift-schedule';
import { useShiftRiderRows } from '../shift-rider-rows';
import { toTimeField, weekdayName } from '../shift-time';
import { checkShiftTimes, type TimeErrors, timeErrorsFrom } from '../shift-time-rules';
import { showWarningToast } from '../warning-toast';
import { DeleteShiftDialog } from './delete-shift-dialog';
import { ShiftRidersCard } from './shift-riders-card';
import { ShiftTimeFields } from './shift-time-fields';

/** The page's editable fields as it labels them, for 'Sara Khan changed Start time since ...'. */
const CONFLICT_FIELDS: ConflictFields<ShiftSchedule> = {
  'Start time': (s) => toTimeField(s.startTime),
  'End time': (s) => toTimeField(s.endTime),
};

/** /shifts/detail/{id} (spec §2.11): times, riders and their hotspots of one weekly shift. */
export function ShiftDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const canChange = useHasPermission(PERMISSIONS.CAN_CHANGE_SHIFT_SCHEDULE);
  const shift = useShiftScheduleQuery(id);
  const regions = useShiftRegionsQuery();
  const update = useUpdateShiftScheduleMutation(id);
  const table = useShiftRiderRows(shift.data?.riders ?? []);
  const [edited, setEdited] = useState<{ startTime: string; endTime: string } | null>(null);
  // The shift as it was when the times were first changed: the version Save sends (If-Match,
  // ADR 0056) and what a conflict is told against. Until then the page follows the shift.
  const [base, setBase] = useState<ShiftSchedule | null>(null);
  const conflict = useEditConflict<ShiftSchedule>();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<TimeErrors>({});
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(`Shift ${Number.isInteger(id) ? id : ''} · Dastak`);
  const unsavedGuard = useUnsavedRidersGuard(table.hasUnsaved);

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (shift.error instanceof ApiError && shift.error.status === 404)
  ) {
    return (
      <MessagePage
        icon={<IconCalendarOff size={30} />}
        title="Shift not found"
        text="There is no shift with this id. It may have been deleted, or the link is wrong."
        action={{ label: 'Back to shifts', to: '/shifts' }}
      />
    );
  }
  if (!shift.data) {
    return (
      <Center mih="60vh">
        {shift.isPending ? (
          <Loader aria-label="Loading shift" />
        ) : (
          <Text c="dimmed">The shift could not be loaded. Try again in a moment.</Text>
        )}
      </Center>
    );
  }

  const data = shift.data;
  const times = edited ?? {
    startTime: toTimeField(data.startTime),
    endTime: toTimeField(data.endTime),
  };
  const regionName = regions.data?.results.find((r) => r.id === data.region)?.name;
  const riderCount = data.riders.length;

  const loaded = base ?? data;
  const changeTimes = (next: typeof times) => {
    if (!base) setBase(data);
    setEdited(next);
    setErrors(checkShiftTimes(next.startTime, next.endTime));
  };
  const reload = (current: ShiftSchedule) => {
    queryClient.setQueryData(shiftKeys.schedule(id), current);
    setEdited(null);
    setBase(null);
    setErrors({});
    conflict.clear();
  };

  const save = () => {
    if (table.hasUnsaved) {
      showWarningToast(VALIDATION.UNSAVED_SHIFT_RIDERS);
      return;
    }
    const found = checkShiftTimes(times.startTime, times.endTime);
    setErrors(found);
    if (found.startTime || found.endTime) return;
    update.mutate(
      { input: times, version: loaded.version },
      {
        onSuccess: () => {
          setEdited(null);
          setBase(null);
          showSuccessToast(SUCCESS.SHIFT_UPDATED);
        },
        onError: (error) => {
          if (conflict.seen(error)) return;
          if (error instanceof ApiError) setErrors(timeErrorsFrom(error.errors));
        },
      },
    );
  };

  return (
    <Stack gap="md" p="lg">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => navigate('/shifts')}
          >
            Back
          </Button>
          <Title order={1} fz="h2">
            Shift {data.id} · {weekdayName(data.weekday)}
          </Title>
          <Badge variant="light" size="lg">
            {riderCount} {riderCount === 1 ? 'rider' : 'riders'}
          </Badge>
        </Group>
        {canChange && (
          <Group gap="sm" wrap="nowrap">
            <Button
              variant="default"
              leftSection={<IconTrash size={16} color="var(--mantine-color-red-8)" />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
            <Button onClick={save} loading={update.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Group>
      <ConflictAlert
        loaded={loaded}
        conflict={conflict.conflict}
        fields={CONFLICT_FIELDS}
        onReload={reload}
      />
      <Paper withBorder radius="md" p="md">
        <Group align="flex-start" gap="xl" wrap="nowrap">
          <Stack gap={2} miw={200}>
            <Text size="xs" c="dimmed">
              Region
            </Text>
            <Text size="sm" fw={600}>
              {regionName ?? `Region ${data.region}`}
              {data.cityName ? `, ${data.cityName}` : ''}
            </Text>
            <Text size="xs" c="dimmed" mt="xs">
              Day
            </Text>
            <Text size="sm" fw={600}>
              {weekdayName(data.weekday)}
            </Text>
          </Stack>
          <div style={{ flex: 1, maxWidth: 460 }}>
            <ShiftTimeFields
              {...times}
              errors={errors}
              readOnly={!canChange}
              onChange={changeTimes}
            />
          </div>
        </Group>
      </Paper>
      <ShiftRidersCard shift={data} table={table} canChange={canChange} />
      {canChange && (
        <DeleteShiftDialog
          shift={deleting ? data : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            // The shift is gone, and its unsaved riders with it: nothing to ask.
            unsavedGuard.release();
            navigate('/shifts');
          }}
        />
      )}
      <ConfirmDialog
        opened={unsavedGuard.asking}
        title="Unsaved riders"
        text={SHIFT_MESSAGES.LEAVE_UNSAVED_RIDERS}
        confirmLabel="Leave"
        color="red"
        onConfirm={unsavedGuard.leave}
        onClose={unsavedGuard.stay}
      />
    </Stack>
  );
}

/**
 * Leaving the detail (Back, the side navigation, the browser's back) while a rider row is unsaved
 * asks first, and so does closing or reloading the tab (the browser's own prompt): otherwise the
 * riders added here would be dropped without a word (ADR 0057). Only a move to another page
 * asks; a change of the query string stays.
 */
function useUnsavedRidersGuard(hasUnsaved: boolean) {
  const released = useRef(false);
  const blocker = useRouteBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsaved && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsaved]);
  return {
    asking: blocker.state === 'blocked',
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
    release: () => {
      released.current = true;
    },
  };
}
