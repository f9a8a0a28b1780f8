/**
 * The new-address dialog's chunk, for another feature to load on first use (customers/public.ts).
 * Loaded by a dynamic import of public.ts instead, it would bring whatever else public.ts
 * re-exports.
 */
export const loadNewAddressDialog = () => import('./new-address-dialog');
