import { SUCCESS } from '@dastak/core/messages';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { showSuccessToast } from '../../../lib/toast';
import { customerKeys } from '../api/customer-keys';
import { useCustomerQuery } from '../api/get-customer';
import { useCreateCustomerMutation, useUpdateCustomerMutation } from '../api/save-customer';
import { customerDetailPath, customerName, orderReturnPath } from '../customer-paths';
import { CustomerAddressStep } from './customer-address-step';
import { CustomerDetailsStep, type CustomerDetailsValues } from './customer-details-step';
import { CUSTOMERS_LIST_PATH, CustomerLoadState } from './customer-load-state';

/**
 * /customers/create and /customers/update/{id} (spec §2.9, §4): a two-step wizard. Create moves
 * to the Address step once the customer exists; update saves and moves on with Next.
 */
export function CustomerWizardPage({ mode }: { mode: 'create' | 'update' }) {
  const params = useParams();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [createdPatientId, setCreatedPatientId] = useState<number | null>(null);
  const id = mode === 'update' ? Number(params.id) : (createdId ?? 0);
  const customer = useCustomerQuery(id);
  const [step, setStep] = useState(0);
  const create = useCreateCustomerMutation();
  const update = useUpdateCustomerMutation(id);
  const queryClient = useQueryClient();
  const title = mode === 'create' ? 'New Customer' : 'Update Customer';
  useDocumentTitle(`${title} · Dastak`);

  if (mode === 'update' && !customer.data) {
    return <CustomerLoadState id={id} error={customer.error} isPending={customer.isPending} />;
  }

  const saveDetails = async (values: CustomerDetailsValues, version?: number) => {
    if (mode === 'create' && createdId === null) {
      const created = await create.mutateAsync(values);
      showSuccessToast(SUCCESS.CUSTOMER_CREATED);
      setCreatedId(created.id);
      setCreatedPatientId(created.createdPatientDetail?.id ?? null);
    } else {
      const { phone: _readOnly, ...changes } = values;
      await update.mutateAsync({ input: changes, version: version ?? customer.data?.version ?? 1 });
      showSuccessToast(SUCCESS.CUSTOMER_UPDATED);
    }
    setStep(1);
  };

  // Opened from the order create page: Done goes back there with the customer and patient.
  const backToOrder =
    mode === 'create' && createdId !== null
      ? orderReturnPath(searchParams.get('returnTo'), createdId, createdPatientId)
      : null;

  // Once created, the details step edits the new customer rather than making another one.
  const detailsCustomer = mode === 'update' || createdId !== null ? customer.data : undefined;

  return (
    <Stack gap="md" p="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={CUSTOMERS_LIST_PATH} size="sm">
          Customers
        </Anchor>
        {customer.data && (
          <Anchor component={Link} to={customerDetailPath(customer.data.id)} size="sm">
            {customerName(customer.data)}
          </Anchor>
        )}
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Stepper
          active={step}
          // Going back is always allowed; forward only through the form.
          onStepClick={(next) => next < step && setStep(next)}
          allowNextStepsSelect={false}
        >
          <Stepper.Step label="Details" description="Customer profile">
            <CustomerDetailsStep
              key={detailsCustomer?.id ?? 'new'}
              customer={detailsCustomer}
              submitLabel={mode === 'create' && createdId === null ? 'Create Customer' : 'Next'}
              saving={create.isPending || update.isPending}
              onSubmit={saveDetails}
              onReload={(current) => queryClient.setQueryData(customerKeys.detail(id), current)}
            />
          </Stepper.Step>
          <Stepper.Step label="Address" description="Where samples are collected">
            {customer.data ? (
              <Stack gap="md">
                <CustomerAddressStep customer={customer.data} />
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    Back
                  </Button>
                  {backToOrder ? (
                    <Button onClick={() => navigate(backToOrder)}>Back to Order</Button>
                  ) : (
                    <Button onClick={() => navigate(customerDetailPath(customer.data.id))}>
                      Done
                    </Button>
                  )}
                </Group>
              </Stack>
            ) : (
              <Text c="dimmed">Loading customer…</Text>
            )}
          </Stepper.Step>
        </Stepper>
      </Paper>
    </Stack>
  );
}
