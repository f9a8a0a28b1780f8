import { type Order, orderSchema } from '@dastak/core/entities/orders';

/**
 * Copy Order (spec §2.6) hands the order to the create page through this buffer. Session
 * storage: it belongs to this tab's next create, not to every tab, and dies with the tab.
 */
const COPY_BUFFER_KEY = 'dastak.copiedOrder';

export function writeCopyBuffer(order: Order): void {
  sessionStorage.setItem(COPY_BUFFER_KEY, JSON.stringify(order));
}

/** The copied order, or null when there is none (or what is stored no longer parses). */
export function readCopyBuffer(): Order | null {
  const text = sessionStorage.getItem(COPY_BUFFER_KEY);
  if (!text) return null;
  try {
    const parsed = orderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The create page empties the buffer once it has filled its form. */
export function clearCopyBuffer(): void {
  sessionStorage.removeItem(COPY_BUFFER_KEY);
}
