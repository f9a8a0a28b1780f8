import type { Patient } from '@dastak/core/entities/patients';
import { EMPTY } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { GENDER_LABELS } from '@dastak/core/states';
import { Anchor, Card, Center, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { useHasPermission } from '../../../lib/use-session';
import { PatientForm, type PatientFormValues, type PatientPrefill } from './patient-form';

/** spec §4 Patient panel modes. */
export type PatientMode = 'notSelected' | 'create' | 'selected' | 'update';

function PatientDetails({ patient }: { patient: Patient }) {
  const rows: [string, string][] = [
    ['Name', `${patient.firstName} ${patient.lastName}`],
    ['Gender', GENDER_LABELS[patient.gender] ?? EMPTY.NA],
    ['Age', patient.ageString || EMPTY.NA],
    ['Email', patient.email || EMPTY.NA],
    ['Secondary Phone', patient.secondaryPhone || EMPTY.NA],
    ['Card Number', patient.cardNumber || EMPTY.NA],
  ];
  return (
    <Table variant="vertical" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Right column 'Patient Information' in its four modes. */
export function PatientPanel({
  mode,
  patient,
  prefill = null,
  saving,
  deleting,
  onSave,
  onCancel,
  onUpdate,
  onDelete,
  onReload,
}: {
  mode: PatientMode;
  patient: Patient | null;
  /** A new patient's form starts from it (a partial order's name). */
  prefill?: PatientPrefill | null;
  saving: boolean;
  deleting: boolean;
  onSave: (values: PatientFormValues, version?: number) => Promise<unknown> | undefined;
  onCancel: () => void;
  onUpdate: () => void;
  onDelete: () => void;
  /** A stale update's Reload: the patient as it is now. */
  onReload: (current: Patient) => void;
}) {
  const canDelete = useHasPermission(PERMISSIONS.CAN_DELETE_PATIENT);
  return (
    <Card withBorder padding="md" h="100%">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Patient Information</Title>
          {mode === 'selected' && patient && (
            <Group gap="md">
              <Anchor component="button" type="button" size="sm" onClick={onUpdate}>
                Update
              </Anchor>
              {canDelete && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  c="red"
                  onClick={onDelete}
                  disabled={deleting}
                >
                  Delete
                </Anchor>
              )}
            </Group>
          )}
        </Group>
        {mode === 'notSelected' && (
          <Center py="xl">
            <Stack align="center" gap="xs">
              <IconUserSearch size={96} stroke={1} color="var(--mantine-color-gray-5)" />
              <Text c="dimmed" size="sm">
                Select or add a patient
              </Text>
            </Stack>
          </Center>
        )}
        {mode === 'selected' && patient && <PatientDetails patient={patient} />}
        {(mode === 'create' || (mode === 'update' && patient)) && (
          <PatientForm
            key={mode === 'update' ? `update-${patient?.id}` : 'create'}
            patient={mode === 'update' ? patient : null}
            prefill={mode === 'create' ? prefill : null}
            saving={saving}
            onSubmit={onSave}
            onCancel={onCancel}
            onReload={onReload}
          />
        )}
      </Stack>
    </Card>
  );
}
