import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import './app.css';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
