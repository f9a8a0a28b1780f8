import type { Vertical } from '@dastak/core/states';

/** Order list rows link to {detailURL}/{id} (spec §2.1). */
export const orderDetailPath = (vertical: Vertical, id: number) =>
  `/${vertical}/orders/detail/${id}`;
export const orderCreatePath = (vertical: Vertical) => `/${vertical}/orders/create`;
export const unverifiedOrderDetailPath = (id: number) => `/unverified-orders/detail/${id}`;
