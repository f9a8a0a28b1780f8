import { RiderDetailPage } from '../../features/riders/components/rider-detail-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function RiderDetailRoute() {
  return <RiderDetailPage />;
}
