import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { HomePage } from '../features/home/home-page';
import { PaymentSuccessPage } from '../features/payment/payment-success-page';
import { ProfilePage } from '../features/profile/profile-page';
import { BrowseTasksPage } from '../features/tasks/browse/browse-tasks-page';
import { TaskDetailPage } from '../features/tasks/detail/task-detail-page';
import { AppLayout } from '../layout/app-layout';
import { AdminRoute, CreateTaskRoute } from '../remotes/remote-routes';
import { RequireSession } from '../routing/require-session';

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
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
        <Route path="payment-success" element={<PaymentSuccessPage />} />
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
