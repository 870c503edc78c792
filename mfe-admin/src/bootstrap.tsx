// Standalone page for developing this remote on its own; inside the product the shell renders ./App.
import '@fragtbud/web/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useSession } from '@fragtbud/web';
import App from './App';

void useSession.getState().loadSession();

const container = document.getElementById('root');
if (container) {
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
