export const customerDetailPath = (id: number) => `/customers/detail/${id}`;
export const customerUpdatePath = (id: number) => `/customers/update/${id}`;
export const CUSTOMER_CREATE_PATH = '/customers/create';

/** 'First Last' with the blanks a half-filled record may have trimmed away. */
export const customerName = (c: { firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName}`.trim();

/** '1 order', '3 orders'. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
