export const customerDetailPath = (id: number) => `/customers/detail/${id}`;
export const customerUpdatePath = (id: number) => `/customers/update/${id}`;
export const CUSTOMER_CREATE_PATH = '/customers/create';

/**
 * The order create page's 'click here to create customer' names itself in ?returnTo (ADR 0058):
 * the wizard ends back there with the new customer and their patient, not on the customer page,
 * which has no New Order. Only a create-order path is followed, so the link cannot send anyone
 * elsewhere.
 */
const ORDER_CREATE_RETURN = /^\/(blood|xray)\/orders\/create(\/\d+)?$/;

export function orderReturnPath(
  returnTo: string | null,
  customerId: number,
  patientId: number | null,
): string | null {
  if (!returnTo || !ORDER_CREATE_RETURN.test(returnTo)) return null;
  const query = new URLSearchParams({ customer: String(customerId) });
  if (patientId !== null) query.set('patient', String(patientId));
  return `${returnTo}?${query}`;
}

/** 'First Last' with the blanks a half-filled record may have trimmed away. */
export const customerName = (c: { firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName}`.trim();

/** '1 order', '3 orders'. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
