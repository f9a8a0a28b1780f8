import type { LookupKind, Vertical } from '@dastak/core/states';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scanTypes } from '../../db/schema/catalog';
import {
  customerAddresses,
  customers,
  patients,
  regionCustomerAddresses,
} from '../../db/schema/customers';
import { collectionCenters, regions } from '../../db/schema/locations';
import { lookups } from '../../db/schema/lookups';

/** Reads of the records an order points at, to check them before the order is written. */

export async function findCustomer(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: customers.id, hasFilledHearAboutUs: customers.hasFilledHearAboutUs })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

/** A live (not deleted) patient of the customer. */
export async function findCustomerPatient(tx: DbOrTx, customerId: number, patientId: number) {
  const [row] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.customerId, customerId),
        isNull(patients.deletedAt),
      ),
    );
  return row;
}

/** A live address of the customer with the regions its pin lies in. */
export async function findCustomerAddress(tx: DbOrTx, customerId: number, addressId: number) {
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, addressId),
        eq(customerAddresses.customerId, customerId),
        isNull(customerAddresses.deletedAt),
      ),
    );
  if (!row) return undefined;
  const links = await tx
    .select({ regionId: regionCustomerAddresses.regionId, vertical: regions.vertical })
    .from(regionCustomerAddresses)
    .innerJoin(regions, eq(regions.id, regionCustomerAddresses.regionId))
    .where(eq(regionCustomerAddresses.customerAddressId, addressId));
  return {
    ...row,
    regionIds: links.map((l) => l.regionId),
    verticals: [...new Set(links.map((l) => l.vertical))],
  };
}

export async function findRegion(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: regions.id, vertical: regions.vertical, isActive: regions.isActive })
    .from(regions)
    .where(eq(regions.id, id));
  return row;
}

/** An active reference-list item of the kind, usable by the vertical (its own or common). */
export async function findLookup(tx: DbOrTx, id: number, kind: LookupKind, vertical?: Vertical) {
  const [row] = await tx
    .select({ id: lookups.id, text: lookups.text })
    .from(lookups)
    .where(
      and(
        eq(lookups.id, id),
        eq(lookups.kind, kind),
        eq(lookups.isActive, true),
        vertical ? inArray(lookups.scope, ['common', vertical]) : undefined,
      ),
    );
  return row;
}

export async function findScanTypesByCode(tx: DbOrTx, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return tx
    .select({
      id: scanTypes.id,
      code: scanTypes.code,
      name: scanTypes.name,
      value: scanTypes.value,
      vertical: scanTypes.vertical,
      isCovid: scanTypes.isCovid,
      isAllowed: scanTypes.isAllowed,
      isActive: scanTypes.isActive,
      requiresFasting: scanTypes.requiresFasting,
    })
    .from(scanTypes)
    .where(inArray(scanTypes.code, [...codes]));
}

export async function findCollectionCenter(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: collectionCenters.id,
      name: collectionCenters.name,
      vertical: collectionCenters.vertical,
      isActive: collectionCenters.isActive,
    })
    .from(collectionCenters)
    .where(eq(collectionCenters.id, id));
  return row;
}

export async function collectionCenterNames(tx: DbOrTx, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: collectionCenters.id, name: collectionCenters.name })
    .from(collectionCenters)
    .where(inArray(collectionCenters.id, wanted));
  return new Map(rows.map((c) => [c.id, c.name]));
}
