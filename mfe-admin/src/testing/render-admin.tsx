import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import App from '../App';
import { renderWithQueryClient } from '@fragtbud/web/testing';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the admin remote as the shell mounts it, at `route`. */
export function renderAdmin(route: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="*" element={<App />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
