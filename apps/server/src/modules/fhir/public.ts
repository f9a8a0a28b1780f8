/**
 * What other modules and plugins may use of the FHIR API (docs/decisions/0059-import-boundaries.md):
 * the errors plugin answers the router's own refusals under /fhir/ (a path that is not valid
 * URL encoding) as an OperationOutcome too.
 */
export { FHIR_CONTENT_TYPE, fhirErrorBody, isFhirPath } from './fhir-outcome';
