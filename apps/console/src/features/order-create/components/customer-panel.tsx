import type { Customer } from '@dastak/core/entities/customers';
import type { Patient } from '@dastak/core/entities/patients';
import { VALIDATION } from '@dastak/core/messages';
import {
  Anchor,
  Card,
  Divider,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { CustomerHit } from '../api/search-customers';
import { matchesPatientName } from '../customer-lookup';
import { CustomerNumberBox } from './customer-number-box';

/** Left column 'Customer Information' (spec §2.8). */
export function CustomerPanel({
  number,
  hits,
  fetching,
  found,
  customer,
  customerLoading,
  patients,
  patientFilter,
  selectedPatientId,
  onNumberChange,
  onPick,
  onPatientFilterChange,
  onSelectPatient,
  onAddPatient,
}: {
  number: string;
  hits: CustomerHit[];
  fetching: boolean;
  /** How many customers the lookup behind the number answered; null until it has. */
  found: number | null;
  customer: Customer | null;
  customerLoading: boolean;
  patients: Patient[];
  patientFilter: string;
  selectedPatientId: number | null;
  onNumberChange: (number: string) => void;
  onPick: (hit: CustomerHit) => void;
  onPatientFilterChange: (text: string) => void;
  onSelectPatient: (patient: Patient) => void;
  onAddPatient: () => void;
}) {
  const [hint, setHint] = useState<string | null>(null);
  const shown = patients.filter((p) => matchesPatientName(p, patientFilter));
  return (
    <Card withBorder padding="md" h="100%">
      <Stack gap="sm">
        <Title order={4}>Customer Information</Title>
        <CustomerNumberBox
          number={number}
          hits={hits}
          fetching={fetching}
          found={found}
          customerLoaded={customer !== null}
          onNumberChange={(n) => {
            setHint(null);
            onNumberChange(n);
          }}
          onPick={onPick}
        />
        {customerLoading && <Loader size="sm" />}
        {customer && (
          <Text size="sm" data-testid="loaded-customer">
            <Text span fw={600}>
              {customer.firstName} {customer.lastName}
            </Text>{' '}
            · {customer.phone}
          </Text>
        )}
        <TextInput
          label="Search Customer"
          placeholder="Patient name"
          value={patientFilter}
          onChange={(e) => onPatientFilterChange(e.currentTarget.value)}
        />
        <Divider label="Linked Patients" labelPosition="left" />
        <ScrollArea.Autosize mah={260}>
          <Stack gap={2} role="group" aria-label="Linked Patients">
            {shown.map((patient) => (
              <NavLink
                key={patient.id}
                component="button"
                type="button"
                label={`${patient.firstName} ${patient.lastName}`}
                description={patient.ageString || undefined}
                active={patient.id === selectedPatientId}
                aria-pressed={patient.id === selectedPatientId}
                onClick={() => onSelectPatient(patient)}
              />
            ))}
            {customer && shown.length === 0 && (
              <Text size="sm" c="dimmed">
                No patients
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Anchor
          component="button"
          type="button"
          size="sm"
          w="fit-content"
          onClick={() => {
            if (!customer) {
              setHint(VALIDATION.CREATE_OR_SELECT_CUSTOMER);
              return;
            }
            onAddPatient();
          }}
        >
          Add New Patient
        </Anchor>
        {hint && (
          <Text size="sm" c="red">
            {hint}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
