/**
 * What other features use of the order-create feature, and all they may import from it (DESIGN
 * rule 1, ADR 0059): the command palette finds customers with the create form's lookup.
 */
export { searchCustomers } from './api/search-customers';
