/**
 * The order action dialog's chunk, for another feature to load on first use (orders/public.ts).
 * Loading it by a dynamic import of public.ts instead would fetch all that public.ts re-exports.
 */
export const loadOrderActionDialog = () => import('./order-action-dialog');
