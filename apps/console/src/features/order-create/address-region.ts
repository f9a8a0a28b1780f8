import type { AddressRegion, CustomerAddress } from '@dastak/core/entities/customer-addresses';
import { ORDER_CREATE_MESSAGES } from '@dastak/core/messages/order-create';
import type { Vertical } from '@dastak/core/states';
import type { OrderDraft } from './order-payload';

/**
 * The draft after choosing an address (ADR 0058): Region is filled from the address's region of
 * this vertical and locked only when it has exactly one. An address with none clears a region a
 * former address set (the agent sees why in the warning); a region picked by hand stays, since
 * a pin outside every region books with any region (as unverified).
 */
export function withAddress(
  draft: OrderDraft,
  address: Omit<CustomerAddress, 'version'>,
  vertical: Vertical,
): OrderDraft {
  const links = address.regionCustomerAddresses.map((r) => r.region);
  const own = links.filter((r) => r.vertical === vertical);
  const first = own[0];
  if (first) {
    const regionId = own.some((r) => r.id === draft.regionId) ? draft.regionId : first.id;
    return { ...draft, addressId: address.id, regionId, regionSetByAddress: own.length === 1 };
  }
  const clear = draft.regionSetByAddress || links.length > 0;
  return {
    ...draft,
    addressId: address.id,
    regionId: clear ? null : draft.regionId,
    regionSetByAddress: false,
  };
}

/**
 * What the page warns about the chosen address (ADR 0058): none when it lies in a region of this
 * vertical; 'otherVertical' when only the other vertical's regions hold the pin (the server
 * refuses the order: the agent must pick or add another address); 'noRegion' when no region
 * does (it books, as unverified, with a region the agent picks).
 */
export type AddressRegionProblem =
  | { kind: 'otherVertical'; message: string; regions: AddressRegion[] }
  | { kind: 'noRegion'; message: string };

export function addressRegionProblem(
  address: CustomerAddress | null | undefined,
  vertical: Vertical,
): AddressRegionProblem | null {
  if (!address) return null;
  const links = address.regionCustomerAddresses.map((r) => r.region);
  if (links.length === 0) {
    return { kind: 'noRegion', message: ORDER_CREATE_MESSAGES.ADDRESS_OUTSIDE_EVERY_REGION };
  }
  if (links.some((r) => r.vertical === vertical)) return null;
  return {
    kind: 'otherVertical',
    message: ORDER_CREATE_MESSAGES.addressOutsideVertical(vertical),
    regions: links,
  };
}
