import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { SUB_PAGES } from '../shared/access';
import { PublicOnly, RequireDriver, RequireRole, RequireSession, UnknownPath } from './route-guards';
import { ScreenBoundary } from './screen-boundary';

// Every screen is its own chunk; the first load carries only the shell and the router.
const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const JoinPage = lazy(() => import('../features/auth/join-page').then((m) => ({ default: m.JoinPage })));
const TodayPage = lazy(() => import('../features/driver/today-page').then((m) => ({ default: m.TodayPage })));
const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const TripsPage = lazy(() => import('../features/trips/trips-page').then((m) => ({ default: m.TripsPage })));
const TripApprovalsPage = lazy(() => import('../features/approvals/approvals-page').then((m) => ({ default: m.ApprovalsPage })));
const BookingsPage = lazy(() => import('../features/bookings/bookings-page').then((m) => ({ default: m.BookingsPage })));
const DispatchBoardPage = lazy(() => import('../features/dispatch/dispatch-board-page').then((m) => ({ default: m.DispatchBoardPage })));
const RunSheetPage = lazy(() => import('../features/run-sheet/run-sheet-page').then((m) => ({ default: m.RunSheetPage })));
const FleetPage = lazy(() => import('../features/fleet/fleet-page').then((m) => ({ default: m.FleetPage })));
const RatesPage = lazy(() => import('../features/rates/rates-page').then((m) => ({ default: m.RatesPage })));
const FinancePage = lazy(() => import('../features/finance/finance-page').then((m) => ({ default: m.FinancePage })));
const InvoicesPage = lazy(() => import('../features/invoices/invoices-page').then((m) => ({ default: m.InvoicesPage })));
const UsersPage = lazy(() => import('../features/admin/users-page').then((m) => ({ default: m.UsersPage })));
const ApprovalsPage = lazy(() => import('../features/admin/approvals-page').then((m) => ({ default: m.ApprovalsPage })));
const RolesPage = lazy(() => import('../features/admin/roles-page').then((m) => ({ default: m.RolesPage })));
const GlobalAdminPage = lazy(() => import('../features/global-admin/global-admin-page').then((m) => ({ default: m.GlobalAdminPage })));
const SettingsPage = lazy(() => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const UnauthorizedPage = lazy(() => import('./unauthorized-page').then((m) => ({ default: m.UnauthorizedPage })));

const publicFallback = <LoadingScreen text="Loading, please wait..." minHeight="100vh" />;

/** The console's routes; who may open each is in shared/access.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route
          path="/login"
          element={
            <Suspense fallback={publicFallback}>
              <LoginPage />
            </Suspense>
          }
        />
        <Route
          path="/register"
          element={
            <Suspense fallback={publicFallback}>
              <RegisterPage />
            </Suspense>
          }
        />
      </Route>
      {/* a driver's invitation: open whoever is signed in on this device (a dispatcher may try the link) */}
      <Route
        path="/join/:token"
        element={
          <ScreenBoundary>
            <Suspense fallback={publicFallback}>
              <JoinPage />
            </Suspense>
          </ScreenBoundary>
        }
      />
      {/* the driver's phone page, outside the console's shell */}
      <Route path="/today" element={<RequireDriver>{(driver) => <TodayPage driver={driver} />}</RequireDriver>} />
      <Route element={<RequireSession />}>
        <Route
          path="/"
          element={
            <RequireRole path="/">
              <Suspense fallback={<LoadingScreen text="Loading dashboard..." />}>
                <DashboardPage />
              </Suspense>
            </RequireRole>
          }
        />
        <Route
          path="/trips"
          element={
            <RequireRole path="/trips">
              <TripsPage />
            </RequireRole>
          }
        />
        <Route
          path="/approvals"
          element={
            <RequireRole path="/approvals">
              <TripApprovalsPage />
            </RequireRole>
          }
        />
        <Route
          path="/bookings"
          element={
            <RequireRole path="/bookings">
              <BookingsPage />
            </RequireRole>
          }
        />
        <Route
          path="/dispatch"
          element={
            <RequireRole path="/dispatch">
              <DispatchBoardPage />
            </RequireRole>
          }
        />
        <Route
          path="/dispatch/run-sheet"
          element={
            <RequireRole path={SUB_PAGES['/dispatch/run-sheet']}>
              <RunSheetPage />
            </RequireRole>
          }
        />
        <Route
          path="/fleet"
          element={
            <RequireRole path="/fleet">
              <FleetPage />
            </RequireRole>
          }
        />
        <Route
          path="/rates"
          element={
            <RequireRole path="/rates">
              <RatesPage />
            </RequireRole>
          }
        />
        <Route
          path="/finance"
          element={
            <RequireRole path="/finance">
              <FinancePage />
            </RequireRole>
          }
        />
        <Route
          path="/invoices"
          element={
            <RequireRole path="/invoices">
              <InvoicesPage />
            </RequireRole>
          }
        />
        <Route
          path="/admin/users"
          element={
            <RequireRole path="/admin/users">
              <UsersPage />
            </RequireRole>
          }
        />
        <Route
          path="/admin/approvals"
          element={
            <RequireRole path="/admin/approvals" redirect="home">
              <ApprovalsPage />
            </RequireRole>
          }
        />
        <Route
          path="/admin/roles"
          element={
            <RequireRole path="/admin/roles">
              <RolesPage />
            </RequireRole>
          }
        />
        <Route
          path="/admin/global"
          element={
            <RequireRole path="/admin/global">
              <GlobalAdminPage />
            </RequireRole>
          }
        />
        <Route
          path="/settings"
          element={
            <RequireRole path="/settings">
              <SettingsPage />
            </RequireRole>
          }
        />
        <Route path="/unauthorized" element={<UnauthorizedPage />} />
      </Route>
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
