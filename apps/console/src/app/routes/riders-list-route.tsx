import { RidersListPage } from '../../features/riders/components/riders-list-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function RidersListRoute() {
  return <RidersListPage />;
}
