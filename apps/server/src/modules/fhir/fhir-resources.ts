import type { SearchSpec } from './fhir-search';
import { REQUEST_STATUS_CODES, SPECIMEN_STATUS_CODES, TASK_STATUS_CODES } from './fhir-status';

/**
 * The resources this server serves and the search each supports: the one list the routes, the
 * CapabilityStatement and the search parser all read (ADR 0068). Every parameter filters on an
 * indexed column: the booked slot (orders' vertical + pickup indexes), the order state, the order
 * number (unique), the tube label and collection time, the patient.
 */
export const RESOURCE_TYPES = ['Patient', 'ServiceRequest', 'Specimen', 'Task'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export interface ParamDoc {
  name: string;
  type: 'token' | 'date' | 'reference';
  documentation: string;
}

/** A search parameter under each of its names, documented once. */
type Named = { names: readonly string[]; documentation: string };

/**
 * The searches of a resource made from an order (ServiceRequest, Task, Specimen): a date, the
 * status, an identifier, the patient (as `patient` and `subject`), and the `_include`s of the
 * patient. Each parameter's documentation is written once for all its names.
 */
function orderSearch(s: {
  date: Named;
  status: { codes: readonly string[]; documentation: string };
  identifier: Named;
  subject?: string;
  includes: readonly string[];
}): { spec: SearchSpec; params: ParamDoc[] } {
  const each = (type: ParamDoc['type'], { names, documentation }: Named) =>
    names.map((name) => ({ name, type, documentation }));
  return {
    spec: {
      date: s.date.names,
      status: { names: ['status'], codes: s.status.codes },
      identifier: s.identifier.names,
      patient: ['patient', 'subject'],
      includes: s.includes,
    },
    params: [
      ...each('date', s.date),
      { name: 'status', type: 'token', documentation: s.status.documentation },
      ...each('token', s.identifier),
      { name: 'patient', type: 'reference', documentation: 'Patient/[id]' },
      { name: 'subject', type: 'reference', documentation: s.subject ?? 'Patient/[id]' },
    ],
  };
}

const VISIT_SLOT = 'The booked visit slot';
const ORDER_NUMBER = 'The order number';
const TUBE_LABEL = 'The tube barcode label';

export const SEARCH: Record<ResourceType, { spec: SearchSpec; params: ParamDoc[] }> = {
  Patient: {
    spec: { identifier: ['identifier'] },
    params: [
      {
        name: 'identifier',
        type: 'token',
        documentation: 'The Dastak patient id ([system|]value; the patient-id system)',
      },
    ],
  },
  ServiceRequest: orderSearch({
    date: { names: ['date', 'occurrence'], documentation: VISIT_SLOT },
    status: {
      codes: REQUEST_STATUS_CODES,
      documentation: 'ServiceRequest status, from the order state',
    },
    identifier: { names: ['identifier', 'requisition'], documentation: ORDER_NUMBER },
    includes: ['ServiceRequest:subject', 'ServiceRequest:patient'],
  }),
  Task: orderSearch({
    date: { names: ['date', 'period'], documentation: VISIT_SLOT },
    status: { codes: TASK_STATUS_CODES, documentation: 'Task status, from the order state' },
    identifier: { names: ['identifier', 'group-identifier'], documentation: ORDER_NUMBER },
    subject: 'Patient/[id] (Task.for)',
    includes: ['Task:for', 'Task:patient', 'Task:subject'],
  }),
  Specimen: orderSearch({
    date: { names: ['date', 'collected'], documentation: 'When the tube was collected' },
    status: {
      codes: SPECIMEN_STATUS_CODES,
      documentation: 'available, or unavailable when the handover missed the tube',
    },
    identifier: { names: ['identifier', 'container-id'], documentation: TUBE_LABEL },
    includes: ['Specimen:subject', 'Specimen:patient'],
  }),
};
