import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../query/query-client';
import { useSession } from '../session/session-store';
import { Toaster } from '../ui/toast';

/**
 * A remote's own page, for developing it without the shell: loads the session, creates the page's QueryClient
 * (inside the product the shell owns it) and renders the remote's App on every path.
 */
export function mountStandalone(App: ComponentType, elementId = 'root'): void {
  void useSession.getState().loadSession();
  const container = document.getElementById(elementId);
  if (!container) return;
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <main className="fb-container fb-standalone">
            <Routes>
              <Route path="*" element={<App />} />
            </Routes>
          </main>
          <Toaster />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
