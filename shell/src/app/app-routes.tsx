import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { HomePage } from '../features/home/home-page';
import { legalRoutes } from '../features/legal/legal-routes';
import { BrowseTasksPage } from '../features/tasks/browse/browse-tasks-page';
import { ChatUnreadLink } from '../features/chat/components/chat-unread-link';
import { AppLayout } from '../layout/app-layout';
import { AdminRoute, CreateTaskRoute } from '../remotes/remote-routes';
import { lazyPage } from '../routing/lazy-page';
import { RequireSession } from '../routing/require-session';

// Route-level code splitting: each page is its own chunk, fetched when its route is shown. The two pages people
// land on (home and browse) come with the first load instead, one round trip sooner.
const LoginPage = lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import('../features/auth/register-page').then((m) => m.RegisterPage));
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage));
const TaskDetailPage = lazyPage(() => import('../features/tasks/detail/task-detail-page').then((m) => m.TaskDetailPage));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page').then((m) => m.ProfilePage));
const ForgotPasswordPage = lazyPage(() =>
  import('../features/account/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() => import('../features/account/reset-password-page').then((m) => m.ResetPasswordPage));
const VerifyEmailPage = lazyPage(() => import('../features/account/verify-email-page').then((m) => m.VerifyEmailPage));
const DevMailPage = lazyPage(() => import('../features/dev-mail/dev-mail-page').then((m) => m.DevMailPage));
const CarrierPage = lazyPage(() => import('../features/carriers/carrier-page').then((m) => m.CarrierPage));
const PaymentSuccessPage = lazyPage(() =>
  import('../features/payment/payment-success-page').then((m) => m.PaymentSuccessPage),
);

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout accountExtras={<ChatUnreadLink />} />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="dev/mail" element={<DevMailPage />} />
        <Route
          path="dashboard"
          element={
            <RequireSession>
              <DashboardPage />
            </RequireSession>
          }
        />
        <Route path="BrowseTasks" element={<BrowseTasksPage />} />
        <Route path="browse-tasks" element={<BrowseTasksPage />} />
        <Route
          path="tasks"
          element={
            <RequireSession roles={['carrier', 'admin']}>
              <BrowseTasksPage title="Opgaver" variant="staff" />
            </RequireSession>
          }
        />
        <Route path="tasks/create" element={<CreateTaskRoute />} />
        <Route path="create-task" element={<CreateTaskRoute />} />
        <Route path="tasks/:id" element={<TaskLinkRedirect />} />
        <Route
          path="task/:id"
          element={
            <RequireSession>
              <TaskDetailPage />
            </RequireSession>
          }
        />
        <Route path="AdminDashboard" element={<AdminRoute />} />
        <Route path="admin/users" element={<AdminRoute />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="carrier/:id" element={<CarrierPage />} />
        <Route path="payment-success" element={<PaymentSuccessPage />} />
        {legalRoutes}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

/** Admin task rows link to /tasks/{id}; the task page lives at /task/{id}. */
function TaskLinkRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/task/${encodeURIComponent(id)}`} replace />;
}
