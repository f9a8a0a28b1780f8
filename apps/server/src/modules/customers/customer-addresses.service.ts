import type {
  CustomerAddress,
  CustomerAddressCreate,
} from '@dastak/core/entities/customer-addresses';
import { CUSTOMER_MESSAGES } from '@dastak/core/messages';
import type { Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../db/client';
import { pointInPolygon } from '../../demo/geometry';
import { invalid, notFound, refused } from '../../lib/domain-errors';
import { type Edit, versionConflict } from '../../lib/versioning';
import { findUserRef } from '../users/public';
import * as repo from './customer-addresses.repository';
import { customerExists } from './customers.repository';

type RegionLink = { customerAddressId: number; id: number; name: string; vertical: Vertical };

/** An address row with its regions as the API answers it (core customerAddressSchema). */
export function toAddress(row: repo.AddressRow, links: RegionLink[]): CustomerAddress {
  return {
    id: row.id,
    latitude: row.latitude,
    longitude: row.longitude,
    customer: row.customerId,
    address: row.address,
    googleAddress: row.googleAddress || null,
    googleLatitude: row.googleLatitude,
    googleLongitude: row.googleLongitude,
    vertical: row.vertical,
    verified: row.verified,
    isValid: row.isValid,
    regionCustomerAddresses: links
      .filter((l) => l.customerAddressId === row.id)
      .map((l) => ({ region: { id: l.id, name: l.name, vertical: l.vertical } })),
    version: row.version,
  };
}

/** Addresses with their regions, in the order given. */
export async function withRegions(db: DbOrTx, rows: repo.AddressRow[]) {
  const links = await repo.listAddressRegions(db, { addressIds: rows.map((r) => r.id) });
  return rows.map((r) => toAddress(r, links));
}

/** GET /entity/customer-address/?customer: the customer's live addresses, newest first. */
export async function listAddresses(db: Db, customerId: number) {
  return withRegions(db, await repo.listCustomerAddresses(db, customerId));
}

/**
 * POST /entity/{vertical}/customer-address/: the server, not the client, decides which regions
 * contain the pin (every active region of either vertical, as the demo data does) and stores
 * them in region_customer_addresses; the address is valid when at least one does. A new address
 * is unverified: only PATCH /entity/verify_customer_address/{id} verifies (docs/decisions/0015).
 */
export async function createAddress(
  db: Db,
  vertical: Vertical,
  body: CustomerAddressCreate & { city?: number },
) {
  if (body.vertical !== vertical) {
    throw invalid(CUSTOMER_MESSAGES.ADDRESS_VERTICAL_MISMATCH, {
      vertical: [CUSTOMER_MESSAGES.ADDRESS_VERTICAL_MISMATCH],
    });
  }
  if (!(await customerExists(db, body.customer))) {
    throw invalid(CUSTOMER_MESSAGES.CUSTOMER_UNKNOWN, {
      customer: [CUSTOMER_MESSAGES.CUSTOMER_UNKNOWN],
    });
  }
  if (body.city !== undefined && !(await repo.getCity(db, body.city))) {
    throw invalid(CUSTOMER_MESSAGES.CITY_INVALID, { city: [CUSTOMER_MESSAGES.CITY_INVALID] });
  }
  const point = { latitude: body.latitude, longitude: body.longitude };
  const containing = (await repo.regionsAround(db, point.latitude, point.longitude)).filter((r) =>
    pointInPolygon(point, r.polygon),
  );
  const cityId =
    body.city ?? containing[0]?.cityId ?? (await repo.cityAt(db, point.latitude, point.longitude));
  const row = await db.transaction(async (tx) => {
    const address = await repo.insertAddress(tx, {
      customerId: body.customer,
      cityId,
      latitude: point.latitude,
      longitude: point.longitude,
      address: body.address,
      googleAddress: body.googleAddress || null,
      googleLatitude: body.googleLatitude ?? null,
      googleLongitude: body.googleLongitude ?? null,
      vertical: body.vertical,
      verified: false,
      isValid: containing.length > 0,
    });
    await repo.insertRegionLinks(
      tx,
      containing.map((r) => ({
        customerAddressId: address.id,
        regionId: r.id,
        customerId: body.customer,
      })),
    );
    return address;
  });
  const [created] = await withRegions(db, [row]);
  return created as CustomerAddress;
}

/**
 * PATCH /entity/verify_customer_address/{id}: only a pin inside a region can be verified. With
 * If-Match, only the version read: otherwise 409 with the address as it is now (ADR 0056).
 */
export async function verifyAddress(db: Db, id: number, verified: boolean, edit: Edit) {
  const current = await repo.getLiveAddress(db, id);
  if (!current) throw notFound();
  const stale = async (row: repo.AddressRow) =>
    versionConflict(
      ((await withRegions(db, [row])) as CustomerAddress[])[0],
      await findUserRef(db, row.modifiedById),
    );
  if (edit.expected !== undefined && current.version !== edit.expected) throw await stale(current);
  if (verified && !current.isValid) throw refused(CUSTOMER_MESSAGES.VERIFY_INVALID_ADDRESS);
  const row = await repo.setVerified(db, id, verified, edit);
  if (!row) {
    const now = await repo.getLiveAddress(db, id);
    if (!now) throw notFound();
    throw await stale(now);
  }
  const [updated] = await withRegions(db, [row]);
  return updated as CustomerAddress;
}
