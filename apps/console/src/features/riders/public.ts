/**
 * What other features use of the riders feature, and all they may import from it (DESIGN rule 1,
 * ADR 0059). Named re-exports, no barrel: add a name when another feature needs it. The
 * dashboard's rider list shows riders as the riders list does and re-assigns their orders; its
 * counts link to the riders list, filtered in the list's own query-string form.
 */
export { BulkReassignButton } from './bulk-reassign/bulk-reassign-button';
export {
  hasPendingPickups,
  isRiderStateRed,
  riderFullName,
  riderStateLabel,
} from './rider-display';
export { emptyRiderFilters, riderFiltersToQuery } from './rider-filters';
