/**
 * What other features use of the customers feature, and all they may import from it (DESIGN
 * rule 1, ADR 0059): the create page adds a customer's address with the customers' dialog,
 * loaded on first use.
 */
export { loadNewAddressDialog } from './components/load-new-address-dialog';
