/**
 * The cancel dialog's chunk, for another feature to load on first use (orders/public.ts). Loading
 * it by a dynamic import of public.ts instead would fetch all that public.ts re-exports with it.
 */
export const loadCancelOrderDialog = () => import('./cancel-order-dialog');
