import { ReleaseNotesPage } from '../../features/help/components/release-notes-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function ReleaseNotesRoute() {
  return <ReleaseNotesPage />;
}
