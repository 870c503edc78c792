import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useSession } from '../session/session-store';

/**
 * A remote's own page, for developing it without the shell: loads the session and renders the remote's App on
 * every path. Inside the product the shell mounts the remote's exposed modules instead.
 */
export function mountStandalone(App: ComponentType, elementId = 'root'): void {
  void useSession.getState().loadSession();
  const container = document.getElementById(elementId);
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <main className="fb-container fb-standalone">
          <Routes>
            <Route path="*" element={<App />} />
          </Routes>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
