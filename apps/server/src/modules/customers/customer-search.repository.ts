import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  customerAddresses,
  customerFullName,
  customers,
  patients,
  regionCustomerAddresses,
} from '../../db/schema/customers';
import { regions } from '../../db/schema/locations';

/**
 * Customers whose phone or full name matches the ILIKE pattern. Both conditions use the trigram indexes
 * (customers_phone_trgm_idx, customers_full_name_trgm_idx); recent bookers come first.
 */
export function searchCustomers(db: DbOrTx, pattern: string, limit: number) {
  return db
    .select({
      id: customers.id,
      phone: customers.phone,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      gender: customers.gender,
      hasFilledHearAboutUs: customers.hasFilledHearAboutUs,
    })
    .from(customers)
    .where(or(ilike(customers.phone, pattern), sql`${customerFullName} ilike ${pattern}`))
    .orderBy(sql`${customers.lastOrderAt} desc nulls last`, desc(customers.id))
    .limit(limit);
}

export function listPatients(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: patients.id,
      customerId: patients.customerId,
      firstName: patients.firstName,
      lastName: patients.lastName,
      gender: patients.gender,
      age: patients.age,
      ageUnit: patients.ageUnit,
    })
    .from(patients)
    .where(and(inArray(patients.customerId, customerIds), isNull(patients.deletedAt)))
    .orderBy(desc(patients.created), desc(patients.id));
}

export function listAddresses(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: customerAddresses.id,
      customerId: customerAddresses.customerId,
      address: customerAddresses.address,
      latitude: customerAddresses.latitude,
      longitude: customerAddresses.longitude,
      verified: customerAddresses.verified,
      isValid: customerAddresses.isValid,
    })
    .from(customerAddresses)
    .where(
      and(inArray(customerAddresses.customerId, customerIds), isNull(customerAddresses.deletedAt)),
    )
    .orderBy(desc(customerAddresses.created), desc(customerAddresses.id));
}

/** Regions containing each address (region_customer_addresses), with the region's name. */
export function listAddressRegions(db: DbOrTx, customerIds: number[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      customerAddressId: regionCustomerAddresses.customerAddressId,
      id: regions.id,
      name: regions.name,
    })
    .from(regionCustomerAddresses)
    .innerJoin(regions, eq(regions.id, regionCustomerAddresses.regionId))
    .where(inArray(regionCustomerAddresses.customerId, customerIds))
    .orderBy(asc(regions.name));
}
