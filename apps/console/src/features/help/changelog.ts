import { parseChangelog } from '@dastak/core/rules/help-docs';
// The repository's own CHANGELOG.md, bundled as text into the release-notes chunk only.
import changelogSource from '../../../../../CHANGELOG.md?raw';

/** The releases of CHANGELOG.md, newest first. */
export const RELEASES = parseChangelog(changelogSource);
