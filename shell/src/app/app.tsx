import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RemoteApp } from '../remotes/remote-app';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/AdminDashboard" element={<RemoteApp remote="mfe_admin" />} />
        <Route path="/create-task" element={<RemoteApp remote="mfe_customer" />} />
        <Route path="*" element={<p>Forside</p>} />
      </Routes>
    </BrowserRouter>
  );
}
