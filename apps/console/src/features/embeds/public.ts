/**
 * What other features use of the embeds feature, and all they may import from it (DESIGN rule 1,
 * ADR 0059): the reports and issue-reporting pages show an embedded page when one is configured.
 */
export { EmbeddedOr } from './components/embedded-or';
