/**
 * What other features use of the locations feature, and all they may import from it (DESIGN
 * rule 1, ADR 0059): the regions every region select and checklist offers.
 */
export { useRegionsQuery } from './api/get-regions';
