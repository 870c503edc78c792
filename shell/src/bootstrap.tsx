import '@fragtbud/web/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSession } from '@fragtbud/web';
import { App } from './app/app';

void useSession.getState().loadSession();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
