import { ShiftsPage } from '../../features/shifts/components/shifts-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function ShiftsRoute() {
  return <ShiftsPage />;
}
