/**
 * What other features use of the push feature, and all they may import from it (DESIGN rule 1,
 * ADR 0059): the dashboard registers this browser for its region's alerts (ADR 0029).
 */
export { usePushRegistration } from './use-push-registration';
