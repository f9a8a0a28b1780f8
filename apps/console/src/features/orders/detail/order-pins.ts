import type { LatLng } from '@dastak/core/entities/common';
import type { Order } from '@dastak/core/entities/orders';
import { ORDER_MAP_PINS } from './map-pins';

export type OrderPin = {
  key: 'collection' | 'google' | 'reached' | 'collected';
  label: string;
  position: LatLng;
  color: string;
  letter: string;
  /** What the legend says beside the label: the pin's address, or when the rider was there. */
  detail: string;
};

function pointOf(latitude: number | null, longitude: number | null): LatLng | null {
  return latitude != null && longitude != null ? { latitude, longitude } : null;
}

/**
 * Pins of the pin activity dialog (docs/decisions/0013-order-detail.md): the Collection Pin is the
 * customer's address pin and the Google Pin the place-search result, each with its address; the
 * rider's reached and collection points are added when the rider reported them.
 */
export function orderPins(order: Order): OrderPin[] {
  const address = order.customerAddress;
  const pins: OrderPin[] = [
    {
      key: 'collection',
      label: 'Collection Pin',
      position: { latitude: address.latitude, longitude: address.longitude },
      ...ORDER_MAP_PINS.collection,
      detail: address.address,
    },
  ];
  const google = pointOf(address.googleLatitude, address.googleLongitude);
  if (google) {
    pins.push({
      key: 'google',
      label: 'Google Pin',
      position: google,
      ...ORDER_MAP_PINS.google,
      detail: address.googleAddress || address.address,
    });
  }
  const reached = pointOf(order.riderReachedLatitude, order.riderReachedLongitude);
  if (reached) {
    pins.push({
      key: 'reached',
      label: 'Rider reached',
      position: reached,
      ...ORDER_MAP_PINS.reached,
      detail: 'Where the rider marked the order reached',
    });
  }
  const collected = pointOf(order.riderCollectionLatitude, order.riderCollectionLongitude);
  if (collected) {
    pins.push({
      key: 'collected',
      label: 'Rider collected',
      position: collected,
      ...ORDER_MAP_PINS.collected,
      detail: 'Where the rider marked the sample collected',
    });
  }
  return pins;
}

export const pinTitle = (pin: OrderPin) => `${pin.label}: ${pin.detail}`;
