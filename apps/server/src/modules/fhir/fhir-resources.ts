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
  ServiceRequest: {
    spec: {
      date: ['date', 'occurrence'],
      status: { names: ['status'], codes: REQUEST_STATUS_CODES },
      identifier: ['identifier', 'requisition'],
      patient: ['patient', 'subject'],
      includes: ['ServiceRequest:subject', 'ServiceRequest:patient'],
    },
    params: [
      { name: 'date', type: 'date', documentation: 'The booked visit slot (occurrence)' },
      { name: 'occurrence', type: 'date', documentation: 'The booked visit slot' },
      {
        name: 'status',
        type: 'token',
        documentation: 'ServiceRequest status, from the order state',
      },
      { name: 'identifier', type: 'token', documentation: 'The order number' },
      { name: 'requisition', type: 'token', documentation: 'The order number' },
      { name: 'patient', type: 'reference', documentation: 'Patient/[id]' },
      { name: 'subject', type: 'reference', documentation: 'Patient/[id]' },
    ],
  },
  Task: {
    spec: {
      date: ['date', 'period'],
      status: { names: ['status'], codes: TASK_STATUS_CODES },
      identifier: ['identifier', 'group-identifier'],
      patient: ['patient', 'subject'],
      includes: ['Task:for', 'Task:patient', 'Task:subject'],
    },
    params: [
      { name: 'date', type: 'date', documentation: 'The booked visit slot' },
      { name: 'period', type: 'date', documentation: 'The booked visit slot' },
      { name: 'status', type: 'token', documentation: 'Task status, from the order state' },
      { name: 'identifier', type: 'token', documentation: 'The order number' },
      { name: 'group-identifier', type: 'token', documentation: 'The order number' },
      { name: 'patient', type: 'reference', documentation: 'Patient/[id]' },
      { name: 'subject', type: 'reference', documentation: 'Patient/[id] (Task.for)' },
    ],
  },
  Specimen: {
    spec: {
      date: ['date', 'collected'],
      status: { names: ['status'], codes: SPECIMEN_STATUS_CODES },
      identifier: ['identifier', 'container-id'],
      patient: ['patient', 'subject'],
      includes: ['Specimen:subject', 'Specimen:patient'],
    },
    params: [
      { name: 'date', type: 'date', documentation: 'When the tube was collected' },
      { name: 'collected', type: 'date', documentation: 'When the tube was collected' },
      {
        name: 'status',
        type: 'token',
        documentation: 'available, or unavailable when the handover missed the tube',
      },
      { name: 'identifier', type: 'token', documentation: 'The tube barcode label' },
      { name: 'container-id', type: 'token', documentation: 'The tube barcode label' },
      { name: 'patient', type: 'reference', documentation: 'Patient/[id]' },
      { name: 'subject', type: 'reference', documentation: 'Patient/[id]' },
    ],
  },
};
