import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import type { Patient } from '@dastak/core/entities/patients';
import { SUCCESS } from '@dastak/core/messages';
import { orderTotal } from '@dastak/core/rules/order-total';
import { pickupDateBounds } from '@dastak/core/rules/pickup-window';
import type { Vertical } from '@dastak/core/states';
import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteAddressDialog } from '../../../components/delete-address-dialog';
import { ApiError } from '../../../lib/api-client';
import { clearCopyBuffer, readCopyBuffer } from '../../../lib/copy-buffer';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { orderDetailPath } from '../../../lib/order-paths';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { loadNewAddressDialog } from '../../customers/public';
import { addressRegionProblem, withAddress } from '../address-region';
import { useCreateOrderMutation } from '../api/create-order';
import { useDeleteAddressMutation } from '../api/delete-address';
import { useCreateTimeSlotsQuery } from '../api/get-create-time-slots';
import { customerQueryKey, useCustomerQuery } from '../api/get-customer';
import { usePartialOrderQuery } from '../api/get-partial-order';
import {
  useCreatePatientMutation,
  useDeletePatientMutation,
  useUpdatePatientMutation,
} from '../api/patient-mutations';
import { type CustomerHit, useCustomerSearchQuery } from '../api/search-customers';
import { cleanCustomerNumber, hitsForNumber, lookupTextFor } from '../customer-lookup';
import { buildOrderPayload, type DraftErrors, type OrderDraft } from '../order-payload';
import {
  matchAddress,
  matchPatient,
  partialAddressStart,
  splitName,
  usePartialOrderFill,
} from '../partial-prefill';
import { CustomerPanel } from './customer-panel';
import { HearAboutDialog } from './hear-about-dialog';
import { OrderDetailsSection } from './order-details-section';
import { PartialOrderSummary } from './partial-order-summary';
import type { PatientFormValues, PatientPrefill } from './patient-form';
import { type PatientMode, PatientPanel } from './patient-panel';

const NewAddressDialog = lazy(loadNewAddressDialog);

const emptyDraft = (partialOrderId: number | null): OrderDraft => ({
  customerId: null,
  patientId: null,
  addressId: null,
  regionId: null,
  regionSetByAddress: false,
  tests: [],
  discount: '',
  fulfillmentMethod: null,
  orderSource: null,
  date: null,
  timeSlot: null,
  urgentDelivery: false,
  additionalNotes: '',
  hearAbout: null,
  partialOrderId,
  sourceOrder: null,
});

/**
 * How the panel settles once a customer's detail has loaded (spec §4 Patient panel modes). A
 * customer just made from this page's create-customer link also gets their one address chosen.
 */
type LoadIntent =
  | { kind: 'pick'; patientId: number | null; onlyAddress?: boolean }
  | { kind: 'partial'; order: PartialOrderDetail };

/** ?customer=&patient=: the customer wizard's way back (ADR 0058). */
function returnedCustomer(params: URLSearchParams) {
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const customerId = id('customer');
  return customerId === null ? null : { customerId, patientId: id('patient') };
}

/**
 * Order create (spec §2.8, §4, §5) for one vertical; `partialOrderId` converts a partial order
 * (blood only). A copied order in the buffer fills the form once.
 */
export function OrderCreatePage({
  vertical,
  partialOrderId,
}: {
  vertical: Vertical;
  partialOrderId: number | null;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [dateBounds] = useState(() => pickupDateBounds('create', new Date()));
  const [returned] = useState(() => returnedCustomer(searchParams));
  const [copied] = useState(() => {
    const order = returned ? null : readCopyBuffer();
    return order && order.vertical === vertical ? order : null;
  });

  const [number, setNumber] = useState(copied?.customer.phone ?? '');
  const [lookupText, setLookupText] = useState<string | null>(null);
  const [customerId, setCustomerId] = useState<number | null>(
    returned?.customerId ?? copied?.customer.id ?? null,
  );
  const [patients, setPatients] = useState<Patient[]>([]);
  const [addresses, setAddresses] = useState<CustomerAddress[]>([]);
  const [patientFilter, setPatientFilter] = useState('');
  const [mode, setMode] = useState<PatientMode>('notSelected');
  const [draft, setDraft] = useState<OrderDraft>(() =>
    copied
      ? // The copied address sets (and locks) Region as a chosen one would.
        withAddress(
          {
            ...emptyDraft(partialOrderId),
            customerId: copied.customer.id,
            regionId: copied.region,
            tests: copied.scanTypes.map((s) => s.scanType),
            // The copy is priced as the original was (ADR 0058); the server prices it again.
            discount: copied.discountPercent > 0 ? String(copied.discountPercent) : '',
            fulfillmentMethod: copied.fulfillmentMethod,
            orderSource: copied.orderSource,
            urgentDelivery: copied.urgentDelivery,
            additionalNotes: copied.additionalNotes,
            sourceOrder: copied.id,
          },
          copied.customerAddress,
          vertical,
        )
      : emptyDraft(partialOrderId),
  );
  const [errors, setErrors] = useState<DraftErrors>({});
  const [addressDialog, setAddressDialog] = useState(false);
  const [addressToDelete, setAddressToDelete] = useState<CustomerAddress | null>(null);
  const [patientToDelete, setPatientToDelete] = useState<Patient | null>(null);
  const [hearAboutOpen, setHearAboutOpen] = useState(false);
  const loadIntent = useRef<LoadIntent>(
    returned
      ? { kind: 'pick', patientId: returned.patientId, onlyAddress: true }
      : { kind: 'pick', patientId: copied?.patient.id ?? null },
  );
  const [patientPrefill, setPatientPrefill] = useState<PatientPrefill | null>(null);
  const loadedCustomer = useRef<number | null>(null);
  const submitKey = useRef<string | null>(null);
  const inFlight = useRef(false);

  // The buffer is consumed by this page: a later create starts empty.
  useEffect(() => {
    if (copied) clearCopyBuffer();
  }, [copied]);
  // So is the wizard's way back: a reload or Discard does not bring the customer back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the way in
  useEffect(() => {
    if (returned) navigate(location.pathname, { replace: true });
  }, [returned]);

  const search = useCustomerSearchQuery(lookupText);
  // The answer of the lookup behind the number as typed (lookupTextFor), once it has come.
  const answered =
    lookupText !== null &&
    number.startsWith(lookupText) &&
    search.isFetched &&
    !search.isPlaceholderData
      ? (search.data ?? [])
      : null;
  const hits = answered ? hitsForNumber(answered, number) : [];
  const customerQuery = useCustomerQuery(customerId, vertical);
  const customer =
    customerQuery.data && customerQuery.data.id === customerId ? customerQuery.data : null;
  const partial = usePartialOrderQuery(partialOrderId);
  const createOrder = useCreateOrderMutation(vertical);
  const createPatient = useCreatePatientMutation();
  const updatePatient = useUpdatePatientMutation();
  const deletePatient = useDeletePatientMutation();
  const deleteAddress = useDeleteAddressMutation();

  const update = (patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Once per loaded customer: take its patients and addresses, and settle the patient panel.
  useEffect(() => {
    if (!customer || loadedCustomer.current === customer.id) return;
    loadedCustomer.current = customer.id;
    setPatients(customer.patients);
    setAddresses(customer.addresses);
    setNumber((n) => n || customer.phone);
    const intent = loadIntent.current;
    if (intent.kind === 'partial') {
      // Its patient when the customer has one of that name, else the create form with the name.
      const patient = matchPatient(customer.patients, intent.order.name);
      const address = matchAddress(customer.addresses, intent.order);
      setPatientPrefill(
        patient ? null : { ...splitName(intent.order.name), email: intent.order.email },
      );
      setMode(patient ? 'selected' : 'create');
      setDraft((d) => {
        const next = { ...d, customerId: customer.id, patientId: patient?.id ?? null };
        return address ? withAddress(next, address, vertical) : next;
      });
      return;
    }
    const pick =
      customer.patients.find((p) => p.id === intent.patientId) ?? customer.patients[0] ?? null;
    const only =
      intent.onlyAddress && customer.addresses.length === 1 ? customer.addresses[0] : null;
    setMode(pick ? 'selected' : 'notSelected');
    setDraft((d) => {
      const next = { ...d, customerId: customer.id, patientId: pick?.id ?? null };
      return only ? withAddress(next, only, vertical) : next;
    });
  }, [customer, vertical]);

  // A partial order: its phone goes to the lookup, its date to the pickup date (spec §4 edit).
  const partialApplied = useRef(false);
  useEffect(() => {
    const p = partial.data;
    if (!p || partialApplied.current) return;
    partialApplied.current = true;
    const phone = cleanCustomerNumber(p.phone);
    setNumber(phone);
    setLookupText(phone);
    const date =
      p.date && p.date >= dateBounds.minDate && p.date <= dateBounds.maxDate ? p.date : null;
    setDraft((d) => ({ ...d, date }));
  }, [partial.data, dateBounds]);

  // ...and the customer with exactly that number is loaded, straight into create mode.
  useEffect(() => {
    if (!partial.data || customerId !== null || loadedCustomer.current !== null) return;
    const phone = cleanCustomerNumber(partial.data.phone);
    if (lookupText !== phone || !search.isFetched) return;
    const match = (search.data ?? []).find((h) => h.phone === phone);
    if (match) {
      loadIntent.current = { kind: 'partial', order: partial.data };
      setCustomerId(match.id);
    }
  }, [partial.data, customerId, lookupText, search.isFetched, search.data]);

  const isCovid = draft.tests.some((t) => t.isCovid);
  // The chosen slot belongs to one region, date, address and covid flag (spec §4 Order create).
  // biome-ignore lint/correctness/useExhaustiveDependencies: these four are the reset triggers
  useEffect(() => {
    setDraft((d) => (d.timeSlot === null ? d : { ...d, timeSlot: null }));
  }, [draft.regionId, draft.date, draft.addressId, isCovid]);

  const slots = useCreateTimeSlotsQuery(
    vertical,
    draft.regionId !== null && draft.date
      ? {
          date: draft.date,
          regionId: draft.regionId,
          isCovid,
          customerAddressId: draft.addressId,
        }
      : null,
  );
  const partialFill = usePartialOrderFill({
    partial: partial.data,
    vertical,
    draft,
    slots: slots.data,
    setDraft,
  });

  const clearCustomer = () => {
    setCustomerId(null);
    loadedCustomer.current = null;
    setPatients([]);
    setAddresses([]);
    setMode('notSelected');
    setErrors({});
    setPatientPrefill(null);
    setDraft(emptyDraft(partialOrderId));
  };

  const onNumberChange = (next: string) => {
    setNumber(next);
    if (customerId !== null) clearCustomer();
    setLookupText(lookupTextFor(next));
  };

  const onPick = (hit: CustomerHit) => {
    clearCustomer();
    loadIntent.current = { kind: 'pick', patientId: null };
    setNumber(hit.phone);
    setCustomerId(hit.id);
    queryClient.invalidateQueries({ queryKey: customerQueryKey(hit.id, vertical) });
  };

  const selectedPatient = patients.find((p) => p.id === draft.patientId) ?? null;
  const inEditMode = partialOrderId !== null;

  const replacePatient = (patient: Patient) =>
    setPatients((list) => list.map((p) => (p.id === patient.id ? patient : p)));

  /** An update rejects with the server's answer: the form shows a stale save's conflict. */
  const savePatient = (values: PatientFormValues, version?: number) => {
    if (customerId === null) return;
    const body = { ...values, customer: customerId };
    if (mode === 'update' && selectedPatient) {
      return updatePatient
        .mutateAsync({ id: selectedPatient.id, body, version: version ?? selectedPatient.version })
        .then((patient) => {
          showSuccessToast(SUCCESS.PATIENT_UPDATED);
          replacePatient(patient);
          setMode('selected');
        });
    }
    createPatient.mutate(body, {
      onSuccess: (patient) => {
        showSuccessToast(SUCCESS.PATIENT_CREATED);
        setPatientPrefill(null);
        setPatients((list) => [patient, ...list]);
        if (inEditMode) {
          update({ patientId: patient.id });
          setMode('selected');
        } else {
          update({ patientId: null });
          setMode('notSelected');
        }
      },
    });
  };

  // Delete asks first, as every other delete does; the dialog holds the patient it was opened for.
  const removePatient = () => {
    if (!patientToDelete) return;
    const id = patientToDelete.id;
    deletePatient.mutate(id, {
      onSuccess: () => {
        showSuccessToast(SUCCESS.PATIENT_DELETED);
        setPatients((list) => list.filter((p) => p.id !== id));
        setDraft((d) => (d.patientId === id ? { ...d, patientId: null } : d));
        setMode('notSelected');
        setPatientToDelete(null);
      },
    });
  };

  const selectAddress = (address: CustomerAddress) =>
    setDraft((d) => withAddress(d, address, vertical));

  const confirmDeleteAddress = () => {
    const address = addressToDelete;
    if (!address) return;
    deleteAddress.mutate(address.id, {
      onSuccess: () => {
        showSuccessToast(SUCCESS.CUSTOMER_ADDRESS_DELETED);
        setAddresses((list) => list.filter((a) => a.id !== address.id));
        setDraft((d) =>
          d.addressId === address.id ? { ...d, addressId: null, regionSetByAddress: false } : d,
        );
        setAddressToDelete(null);
      },
    });
  };

  const total = orderTotal(
    draft.tests.map((t) => t.value),
    draft.discount,
  );

  const submit = (hearAbout: number | null) => {
    const current = hearAbout !== null ? { ...draft, hearAbout } : draft;
    const result = buildOrderPayload(vertical, current, total);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.values(result.errors)[0];
      if (first) showErrorToast(first);
      return;
    }
    // The server refuses it too; saying so here spares the agent a round trip (ADR 0058).
    const problem = addressRegionProblem(
      addresses.find((a) => a.id === current.addressId),
      vertical,
    );
    if (problem?.kind === 'otherVertical') {
      setErrors({ customerAddress: problem.message });
      showErrorToast(problem.message);
      return;
    }
    setErrors({});
    if (customer && !customer.hasFilledHearAboutUs && current.hearAbout === null) {
      setHearAboutOpen(true);
      return;
    }
    // A double click lands before the re-render that disables the button: one request only.
    if (inFlight.current) return;
    inFlight.current = true;
    // One key per submission, kept until it fails: a retry of the same booking cannot book twice.
    submitKey.current ??= newIdempotencyKey();
    createOrder.mutate(
      { body: result.payload, key: submitKey.current },
      {
        onSuccess: (created) => {
          showSuccessToast(SUCCESS.ORDER_CREATED(created.number));
          setHearAboutOpen(false);
          navigate(orderDetailPath(vertical, created.id));
        },
        onSettled: () => {
          inFlight.current = false;
        },
        onError: (error) => {
          submitKey.current = null;
          if (error instanceof ApiError && error.errors) {
            const fieldErrors: DraftErrors = {};
            for (const [field, messages] of Object.entries(error.errors)) {
              fieldErrors[field as keyof DraftErrors] = messages[0];
            }
            setErrors(fieldErrors);
            // The slot was taken or left the offer meanwhile (ADR 0021): show the slots as they
            // are now, with none picked, so the agent picks another.
            if (error.errors.timeSlot) {
              setDraft((d) => ({ ...d, timeSlot: null }));
              void slots.refetch();
            }
          }
        },
      },
    );
    if (hearAbout !== null) update({ hearAbout });
  };

  // Ctrl+Enter (Cmd+Enter) anywhere on the page is the Create Order button, typing in
  // a field included; not while a dialog covers the page, nor while a create is on its way.
  const dialogOpen =
    hearAboutOpen || addressDialog || addressToDelete !== null || patientToDelete !== null;
  const submitFromKeyboard = useRef<() => void>(() => {});
  submitFromKeyboard.current = () => {
    if (dialogOpen || createOrder.isPending) return;
    submit(null);
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.repeat) return;
      event.preventDefault();
      submitFromKeyboard.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const discard = () => {
    partialFill.forgetSlot();
    setNumber('');
    setLookupText(null);
    setPatientFilter('');
    clearCustomer();
    submitKey.current = null;
  };

  const title = vertical === 'blood' ? 'New Blood Order' : 'New X-Ray Order';

  return (
    <Stack gap="md" p="md">
      <Title order={2}>{title}</Title>
      {partial.data && <PartialOrderSummary order={partial.data} />}
      {copied && (
        <Alert color="gray" title={`Copied from order ${copied.number}`}>
          <Text size="sm">Pick a pickup date and time slot for the new order.</Text>
        </Alert>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CustomerPanel
            number={number}
            hits={hits}
            fetching={search.isFetching}
            found={answered ? answered.length : null}
            customer={customer}
            customerLoading={customerId !== null && customerQuery.isFetching && !customer}
            patients={patients}
            patientFilter={patientFilter}
            selectedPatientId={draft.patientId}
            onNumberChange={onNumberChange}
            onPick={onPick}
            onPatientFilterChange={setPatientFilter}
            onSelectPatient={(patient) => {
              update({ patientId: patient.id });
              setMode('selected');
            }}
            onAddPatient={() => {
              update({ patientId: null });
              setMode('create');
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap={4} h="100%">
            <PatientPanel
              mode={mode}
              patient={selectedPatient}
              saving={createPatient.isPending || updatePatient.isPending}
              deleting={deletePatient.isPending}
              prefill={patientPrefill}
              onSave={savePatient}
              onReload={replacePatient}
              onCancel={() => setMode(selectedPatient ? 'selected' : 'notSelected')}
              onUpdate={() => setMode('update')}
              onDelete={() => setPatientToDelete(selectedPatient)}
            />
            {errors.patient && (
              <Text size="sm" c="red">
                {errors.patient}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <OrderDetailsSection
        vertical={vertical}
        draft={draft}
        errors={errors}
        addresses={addresses}
        hasCustomer={customer !== null}
        slots={slots.data ?? []}
        slotsLoading={slots.isFetching}
        dateBounds={dateBounds}
        onChange={(patch) => {
          // A slot the agent chose is theirs; the partial order's is not pressed on again.
          if ('timeSlot' in patch) partialFill.forgetSlot();
          update(patch);
        }}
        onSelectAddress={selectAddress}
        onAddAddress={() => setAddressDialog(true)}
        onDeleteAddress={setAddressToDelete}
      />
      <Group justify="flex-end">
        <Text size="xs" c="dimmed" data-testid="submit-hint">
          Ctrl+Enter to submit
        </Text>
        <Button variant="default" onClick={discard}>
          Discard
        </Button>
        <Button loading={createOrder.isPending} onClick={() => submit(null)}>
          Create Order
        </Button>
      </Group>
      {customer && addressDialog && (
        <Suspense fallback={null}>
          <NewAddressDialog
            opened={addressDialog}
            onClose={() => setAddressDialog(false)}
            customerId={customer.id}
            vertical={vertical}
            initial={partial.data ? partialAddressStart(partial.data) : undefined}
            onCreated={(address: CustomerAddress) => {
              setAddresses((list) => [...list, address]);
              selectAddress(address);
              setAddressDialog(false);
            }}
          />
        </Suspense>
      )}
      <DeleteAddressDialog
        opened={addressToDelete !== null}
        address={addressToDelete?.address ?? ''}
        loading={deleteAddress.isPending}
        onConfirm={confirmDeleteAddress}
        onClose={() => setAddressToDelete(null)}
      />
      <ConfirmDialog
        opened={patientToDelete !== null}
        title="Delete Patient"
        text={`Delete the patient ${patientToDelete?.firstName ?? ''} ${patientToDelete?.lastName ?? ''}? Orders already booked for them are kept.`}
        confirmLabel="Confirm Delete"
        color="red"
        loading={deletePatient.isPending}
        onConfirm={removePatient}
        onClose={() => setPatientToDelete(null)}
      />
      <HearAboutDialog
        opened={hearAboutOpen}
        vertical={vertical}
        submitting={createOrder.isPending}
        onClose={() => setHearAboutOpen(false)}
        onConfirm={(id) => submit(id)}
      />
    </Stack>
  );
}
