import { ORDER_STATE_LABELS } from '@dastak/core/states';
import type { Task, TaskInput, TaskOutput } from 'fhir/r4';
import type { OrderRow, TestRow, TubeRow } from '../fhir.repository';
import { type FhirContext, instant, systems } from '../fhir-context';
import { taskStatusOf } from '../fhir-status';
import { patientRef, riderRef, slot, visitAddress } from './shared';

/** The home visit: one Task per order, its status from the order state. */
export function toTask(
  c: FhirContext,
  o: OrderRow,
  tests: readonly TestRow[],
  tubes: readonly TubeRow[],
  riderNames: ReadonlyMap<number, string>,
): Task {
  const sid = systems(c);
  const requests = tests.map((t) => ({ reference: `ServiceRequest/${t.id}` }));
  const reason =
    o.state === 'cancelled' ? o.cancellationReason : o.state === 'problem' ? o.problemReason : null;
  const input: TaskInput[] = [
    {
      type: { text: 'Visit address' },
      valueAddress: visitAddress(o.address, o.latitude, o.longitude),
    },
  ];
  const output: TaskOutput[] = tubes.map((t) => ({
    type: { text: 'Specimen' },
    valueReference: { reference: `Specimen/${t.id}` },
  }));
  const started = o.reachedAt ?? undefined;
  const ended = o.collectedAt ?? o.cancelledAt ?? undefined;
  return {
    resourceType: 'Task',
    id: String(o.id),
    meta: { lastUpdated: instant(o.modified) },
    identifier: [{ system: sid.orderNumber, value: o.number }],
    ...(requests.length ? { basedOn: requests, focus: requests[0] } : {}),
    groupIdentifier: { system: sid.orderNumber, value: o.number },
    status: taskStatusOf(o.state),
    ...(reason ? { statusReason: { text: reason } } : {}),
    businessStatus: {
      coding: [{ system: sid.orderState, code: o.state, display: ORDER_STATE_LABELS[o.state] }],
      text: ORDER_STATE_LABELS[o.state],
    },
    intent: 'order',
    priority: o.urgentDelivery ? 'urgent' : 'routine',
    code: {
      coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill' }],
      text: o.vertical === 'blood' ? 'Home sample collection' : 'Home X-ray visit',
    },
    for: patientRef(o),
    ...(started || ended
      ? {
          executionPeriod: {
            ...(started ? { start: instant(started) } : {}),
            ...(ended ? { end: instant(ended) } : {}),
          },
        }
      : {}),
    authoredOn: instant(o.created),
    lastModified: instant(o.modified),
    ...(o.assignedRiderId ? { owner: riderRef(c, o.assignedRiderId, riderNames) } : {}),
    restriction: { period: slot(o) },
    input,
    ...(output.length ? { output } : {}),
  };
}
