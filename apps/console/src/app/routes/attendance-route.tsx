import { AttendancePage } from '../../features/attendance/components/attendance-page';

/** Lazily loaded by the router (default export for React.lazy). */
export default function AttendanceRoute() {
  return <AttendancePage />;
}
