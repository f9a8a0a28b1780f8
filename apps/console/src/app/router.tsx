import { PERMISSIONS } from '@dastak/core/permissions';
import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CrashPage } from '../components/crash-page';
import { LazyPage } from '../components/lazy-page';
import { NotFoundPage } from '../components/not-found-page';
import { AppLayout } from './layout/app-layout';
import { RedirectIfSignedIn, RequireAuth } from './routes/require-auth';
import { RequirePermission } from './routes/require-permission';

// Every screen loads on demand: the first download holds only the shell (layout, session,
// router), so the screen a link opens arrives within its budget (docs/decisions/0012).
const LoginRoute = lazy(() => import('./routes/login-route'));
const PasswordResetRequestRoute = lazy(() => import('./routes/password-reset-request-route'));
const PasswordResetRoute = lazy(() => import('./routes/password-reset-route'));
const RidersListRoute = lazy(() => import('./routes/riders-list-route'));
const RiderDetailRoute = lazy(() => import('./routes/rider-detail-route'));
const OrderDetailRoute = lazy(() => import('./routes/order-detail-route'));
const OrderLocateRoute = lazy(() => import('./routes/order-locate-route'));
const UnverifiedOrderDetailRoute = lazy(() => import('./routes/unverified-order-detail-route'));
const OrdersListRoute = lazy(() => import('./routes/orders-list-route'));
const UnverifiedOrdersListRoute = lazy(() => import('./routes/unverified-orders-list-route'));
const OrderCreateRoute = lazy(() => import('./routes/order-create-route'));
const PartialOrdersRoute = lazy(() => import('./routes/partial-orders-route'));
const CustomersListRoute = lazy(() => import('./routes/customers-list-route'));
const CustomersDetailRoute = lazy(() => import('./routes/customers-detail-route'));
const CustomersWizardRoute = lazy(() => import('./routes/customers-wizard-route'));
const DashboardRoute = lazy(() => import('./routes/dashboard-route'));
const CityDashboardRoute = lazy(() => import('./routes/city-dashboard-route'));
const AttendanceRoute = lazy(() => import('./routes/attendance-route'));
const ShiftsRoute = lazy(() => import('./routes/shifts-route'));
const ShiftDetailRoute = lazy(() => import('./routes/shift-detail-route'));
const ReleaseNotesRoute = lazy(() => import('./routes/release-notes-route'));
const FaqsRoute = lazy(() => import('./routes/faqs-route'));
const ReportingDashboardRoute = lazy(() => import('./routes/reporting-dashboard-route'));
const IssueReportingRoute = lazy(() => import('./routes/issue-reporting-route'));
const AccountRoute = lazy(() => import('./routes/account-route'));
const AuditTrailRoute = lazy(() => import('./routes/audit-trail-route'));
const WebhooksRoute = lazy(() => import('./routes/webhooks-route'));
const ApiKeysRoute = lazy(() => import('./routes/api-keys-route'));

const lazyRoute = (path: string, Page: ComponentType): RouteObject => ({
  path,
  element: (
    <LazyPage>
      <Page />
    </LazyPage>
  ),
});

export const routes: RouteObject[] = [
  {
    errorElement: <CrashPage />,
    children: [
      { element: <RedirectIfSignedIn />, children: [lazyRoute('login', LoginRoute)] },
      lazyRoute('password-reset-request', PasswordResetRequestRoute),
      lazyRoute('password-reset/:passwordResetToken', PasswordResetRoute),
      // The customer pages (spec §2.1 public routes) are not here: the server answers their paths
      // with their own small entry, customer.html (ADR 0039).
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // Inside the layout, so a crashing screen keeps the navigation around it.
                errorElement: <CrashPage />,
                children: [
                  { index: true, element: <Navigate to="/blood/dashboard" replace /> },
                  {
                    // The dashboard calls all need it; without it the page explains instead.
                    element: <RequirePermission permission={PERMISSIONS.CAN_VIEW_DASHBOARD} />,
                    children: [
                      lazyRoute('blood/dashboard', () => <DashboardRoute vertical="blood" />),
                      lazyRoute('xray/dashboard', () => <DashboardRoute vertical="xray" />),
                      lazyRoute('blood/city/dashboard', () => (
                        <CityDashboardRoute vertical="blood" />
                      )),
                      lazyRoute('xray/city/dashboard', () => (
                        <CityDashboardRoute vertical="xray" />
                      )),
                    ],
                  },
                  lazyRoute('riders', RidersListRoute),
                  lazyRoute('riders/detail/:id', RiderDetailRoute),
                  lazyRoute('blood/orders/detail/:id', () => <OrderDetailRoute vertical="blood" />),
                  lazyRoute('xray/orders/detail/:id', () => <OrderDetailRoute vertical="xray" />),
                  lazyRoute('orders/detail/:id', OrderLocateRoute),
                  lazyRoute('unverified-orders/detail/:id', UnverifiedOrderDetailRoute),
                  lazyRoute('blood/orders', () => <OrdersListRoute vertical="blood" />),
                  lazyRoute('xray/orders', () => <OrdersListRoute vertical="xray" />),
                  lazyRoute('unverified-orders', UnverifiedOrdersListRoute),
                  lazyRoute('customers', CustomersListRoute),
                  lazyRoute('customers/create', () => <CustomersWizardRoute mode="create" />),
                  lazyRoute('customers/detail/:id', CustomersDetailRoute),
                  lazyRoute('customers/update/:id', () => <CustomersWizardRoute mode="update" />),
                  lazyRoute('partial-orders', PartialOrdersRoute),
                  lazyRoute('blood/orders/create/:id?', () => (
                    <OrderCreateRoute vertical="blood" />
                  )),
                  lazyRoute('xray/orders/create', () => <OrderCreateRoute vertical="xray" />),
                  {
                    element: <RequirePermission permission={PERMISSIONS.CAN_VIEW_RIDER_SHIFT} />,
                    children: [lazyRoute('attendance', AttendanceRoute)],
                  },
                  {
                    element: <RequirePermission permission={PERMISSIONS.CAN_VIEW_SHIFT_SCHEDULE} />,
                    children: [
                      lazyRoute('shifts', ShiftsRoute),
                      lazyRoute('shifts/detail/:id', ShiftDetailRoute),
                    ],
                  },
                  lazyRoute('release-notes', ReleaseNotesRoute),
                  lazyRoute('faqs', FaqsRoute),
                  // Any staff user reports issues; the server scopes what each one sees.
                  lazyRoute('issue-reporting', IssueReportingRoute),
                  // Sessions (profile menu) and its /staff page: one chunk, which checks 'Can
                  // manage staff' itself; the shell is at the orders list's bundle budget.
                  lazyRoute('sessions/*', AccountRoute),
                  {
                    element: <RequirePermission permission={PERMISSIONS.CAN_VIEW_REPORTS} />,
                    children: [lazyRoute('reporting-dashboard', ReportingDashboardRoute)],
                  },
                  // Gated inside its own chunk: the shell stays within its budgets.
                  lazyRoute('audit-trail', AuditTrailRoute),
                  lazyRoute('webhooks', WebhooksRoute),
                  lazyRoute('api-keys', ApiKeysRoute),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: '/app' });
