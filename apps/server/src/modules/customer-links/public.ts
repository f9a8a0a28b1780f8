/**
 * What other modules may use of customer links: the public links texted to customers, sent by the
 * order actions, shown and answered by feedback. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
// The link, customer and survey rows that feedback reads and writes.
export {
  answersOf,
  findCustomer,
  findLinkByRef,
  insertInteraction,
  orderForLink,
  surveysOfCustomer,
} from './customer-links.repository';
// Sending, resending and listing links.
export {
  configureCustomerLinks,
  createCustomerLink,
  linkResentRow,
  linkSentRow,
  listOrderLinks,
  sendLiveLocationLink,
  sendOrderReviewLinks,
  serializeLinks,
  textLinkAgain,
} from './customer-links.service';
