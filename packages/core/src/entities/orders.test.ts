import { describe, expect, it } from 'vitest';
import { paged } from './common';
import { regionSchema } from './locations';
import { orderListQuerySchema } from './order-queries';
import { type Order, orderSchema, orderSummarySchema } from './orders';

const patient = {
  id: 11,
  firstName: 'Bilal',
  lastName: 'Ahmed',
  phone: '03001234567',
  secondaryPhone: null,
  email: null,
  gender: 1,
  age: 32,
  ageUnit: 'YEARS',
  ageWithUnit: { age: 32, ageUnit: 'YEARS' },
  ageString: '32 Years',
  cardNumber: null,
  customer: 7,
} as const;

const address = {
  id: 21,
  latitude: 24.860734,
  longitude: 67.001136,
  customer: 7,
  address: 'House 1, Street 2, DHA',
  googleAddress: null,
  googleLatitude: null,
  googleLongitude: null,
  vertical: 'blood',
  verified: true,
  isValid: true,
  regionCustomerAddresses: [{ region: { id: 1, name: 'Karachi South', vertical: 'blood' } }],
} as const;

const order: Order = {
  id: 1,
  number: 'B-000001',
  state: 'assigned',
  pickup: '2025-03-11T10:30:00+05:00',
  address: address.address,
  region: 1,
  regionName: 'Karachi South',
  patient: { ...patient, ageWithUnit: { ...patient.ageWithUnit } },
  customer: { id: 7, phone: '03001234567', firstName: 'Ayesha', lastName: 'S', email: null },
  customerAddress: {
    ...address,
    regionCustomerAddresses: [{ region: { id: 1, name: 'K', vertical: 'blood' } }],
    deleted: false,
  },
  assignedRider: { id: 3, name: 'Kashif Raza' },
  rider: { id: 3, lastKnownLatitude: 24.86, lastKnownLongitude: 67.0 },
  scanTypes: [
    {
      count: 1,
      scanType: {
        id: 1,
        name: 'Complete Blood Count',
        code: 'CBC',
        value: 1200,
        isCovid: false,
        isAllowed: true,
        label: 'CBC - Complete Blood Count',
      },
    },
  ],
  additionalNotes: '',
  urgentDelivery: false,
  isFasting: true,
  isMedicineAndSpecificTime: false,
  needsReview: false,
  isFollowUpAddressed: false,
  allowManualAssignment: true,
  latitude: 24.860734,
  longitude: 67.001136,
  created: '2025-03-10T09:00:00.000Z',
  modified: '2025-03-10T09:05:00.000Z',
  createdBy: 2,
  vertical: 'blood',
  sourceOrder: null,
  fulfillmentMethod: 'online',
  orderType: 1,
  orderSource: 1,
  givenValue: 1200,
  collectedAt: null,
  sampleExpiresAt: null,
  totalFollowUps: 0,
  reachedThresholdDistance: 150,
  riderReachedLatitude: null,
  riderReachedLongitude: null,
  riderCollectionLatitude: null,
  riderCollectionLongitude: null,
  prescriptionImage: null,
  prescriptionFiles: [],
  review: null,
  riderToPatientFeedback: null,
  lateTimedelta: null,
  isUnverified: false,
  wasAutoAssigned: true,
  wasManualAssigned: false,
  isCovid: false,
  isUnverifiedByRider: false,
  isExternal: false,
  partialOrderId: null,
  discountPercent: 0,
  timeSlotMinutes: 60,
  problemString: null,
  problemReason: null,
  cancellationString: null,
  cancellationReason: null,
  collectionCenter: null,
  assignedAt: '2025-03-11T09:40:00+05:00',
  reachedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  tubes: [],
  version: 1,
};

describe('order response', () => {
  it('parses a full order', () => {
    expect(orderSchema.parse(order)).toEqual(order);
  });

  it('refuses an unknown state', () => {
    expect(orderSchema.safeParse({ ...order, state: 'lost' }).success).toBe(false);
  });

  it('pages order summaries as {count, next, previous, results}', () => {
    const page = paged(orderSummarySchema).parse({
      count: 41,
      next: '/api/v1/orders/history/rider/?page=3',
      previous: '/api/v1/orders/history/rider/?page=1',
      results: [order],
    });
    expect(page.results[0]).toEqual({
      id: 1,
      number: 'B-000001',
      state: 'assigned',
      pickup: order.pickup,
      address: order.address,
    });
  });
});

describe('order list query', () => {
  it('reads the API params of the filter set', () => {
    const q = orderListQuerySchema.parse({
      regions: '1,2',
      states: 'needsAssignment,problem',
      pickupFrom: '2025-03-11T00:00:00+05:00',
      needsReview: 'false',
      moreThanFollowUps: '2',
      ordering: '-pickup',
    });
    expect(q).toMatchObject({
      page: 1,
      pageSize: 20,
      regions: [1, 2],
      states: ['needsAssignment', 'problem'],
      needsReview: false,
      moreThanFollowUps: 2,
      ordering: '-pickup',
      addressTypes: [],
    });
    expect(q.isCovid).toBeUndefined();
    expect(orderListQuerySchema.safeParse({ states: 'lost' }).success).toBe(false);
    expect(orderListQuerySchema.parse({ isOnline: 'true', isWildcard: 'false' })).toMatchObject({
      isOnline: true,
      isWildcard: false,
    });
  });
});

describe('region', () => {
  it('defaults the zoom level to 11', () => {
    const region = regionSchema.parse({
      id: 1,
      name: 'Karachi South',
      centerPoint: { latitude: 24.86, longitude: 67.0 },
      polygon: [],
      blackListedAreas: [],
      cells: [],
      isHyperlocalModeEnabled: false,
    });
    expect(region.zoomLevel).toBe(11);
  });
});
