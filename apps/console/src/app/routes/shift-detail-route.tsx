import { ShiftDetailPage } from '../../features/shifts/components/shift-detail-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function ShiftDetailRoute() {
  return <ShiftDetailPage />;
}
