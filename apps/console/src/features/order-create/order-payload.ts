import type { ScanType } from '@dastak/core/entities/catalog';
import {
  CREATE_ORDER_TYPE,
  type OrderCreate,
  orderCreateFormSchema,
} from '@dastak/core/entities/order-requests';
import type { FulfillmentMethod, Vertical } from '@dastak/core/states';

/** What the page holds while the agent fills it in. */
export type OrderDraft = {
  customerId: number | null;
  patientId: number | null;
  addressId: number | null;
  regionId: number | null;
  /**
   * Region came from the chosen address (its one region of this vertical): only then is the
   * select locked (spec §4). A region picked by hand stays editable.
   */
  regionSetByAddress: boolean;
  tests: ScanType[];
  discount: string;
  /** 'Order Type' on the form: Regular (online) or Hospital (offline), spec §4 flags. */
  fulfillmentMethod: FulfillmentMethod | null;
  orderSource: number | null;
  date: string | null;
  timeSlot: string | null;
  urgentDelivery: boolean;
  additionalNotes: string;
  hearAbout: number | null;
  partialOrderId: number | null;
  sourceOrder: number | null;
};

export type DraftErrors = Partial<Record<keyof OrderCreate, string>>;

export type PayloadResult = { ok: true; payload: OrderCreate } | { ok: false; errors: DraftErrors };

/**
 * Builds the create payload from the draft and checks it with the same schema the server uses,
 * so every §5 message the server would give appears under its field first. The server prices
 * the order (ADR 0016): `discount` is the typed percent (left out when empty), and `value` is
 * the total the agent saw, which the server checks against its own (dropped unless above 0).
 */
export function buildOrderPayload(
  vertical: Vertical,
  draft: OrderDraft,
  value: number,
): PayloadResult {
  const errors: DraftErrors = {};
  const candidate = {
    patient: draft.patientId ?? undefined,
    customerAddress: draft.addressId ?? undefined,
    region: draft.regionId ?? undefined,
    scanType: draft.tests.map((t) => t.code),
    date: draft.date ?? undefined,
    timeSlot: draft.timeSlot ?? undefined,
    value,
    discount: draft.discount,
    additionalNotes: draft.additionalNotes,
    urgentDelivery: draft.urgentDelivery,
    fulfillmentMethod: draft.fulfillmentMethod ?? undefined,
    orderSource: draft.orderSource ?? undefined,
    hearAbout: draft.hearAbout,
    // §7: always 1; Regular or Hospital goes as fulfillmentMethod (ADR 0024).
    orderType: CREATE_ORDER_TYPE,
    customer: draft.customerId ?? undefined,
    vertical,
    isExternal: false,
    partialOrderId: draft.partialOrderId,
    sourceOrder: draft.sourceOrder,
  };
  const parsed = orderCreateFormSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof DraftErrors;
      errors[key] ??= issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}
