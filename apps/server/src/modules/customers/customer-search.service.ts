import type { Db } from '../../db/client';
import { containsPattern } from '../../lib/search-pattern';
import { listAddressRegions } from './customer-addresses.repository';
import * as repo from './customer-search.repository';

/** The create-order number autocomplete shows a handful; more is never read. */
export const CUSTOMER_SEARCH_LIMIT = 20;

/**
 * Customers whose phone or full name contains the text (case-insensitive), each with the patients
 * and addresses the create-order page needs. Text containing a backslash matches nothing (spec §5).
 */
export async function searchCustomers(db: Db, text: string) {
  const pattern = containsPattern(text);
  if (pattern === null) return [];
  const found = await repo.searchCustomers(db, pattern, CUSTOMER_SEARCH_LIMIT);
  const ids = found.map((c) => c.id);
  const [patients, addresses, addressRegions] = await Promise.all([
    repo.listPatients(db, ids),
    repo.listAddresses(db, ids),
    listAddressRegions(db, { customerIds: ids }),
  ]);
  return found.map((c) => ({
    ...c,
    gender: c.gender as 1 | 2 | 3,
    patients: patients
      .filter((p) => p.customerId === c.id)
      .map(({ customerId: _, ...p }) => ({ ...p, gender: p.gender as 1 | 2 | 3 })),
    addresses: addresses
      .filter((a) => a.customerId === c.id)
      .map(({ customerId: _, ...a }) => ({
        ...a,
        regionCustomerAddresses: addressRegions
          .filter((r) => r.customerAddressId === a.id)
          .map((r) => ({ region: { id: r.id, name: r.name, vertical: r.vertical } })),
      })),
  }));
}
