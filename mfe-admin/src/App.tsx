import { AdminDashboard } from './features/dashboard/admin-dashboard';
import './admin.css';

/** The admin's part of the product, exposed to the shell as `./App` for /AdminDashboard and /admin/users. */
export default function AdminApp() {
  return <AdminDashboard />;
}
