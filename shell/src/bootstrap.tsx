import '@fragtbud/web/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSession } from '@fragtbud/web';
import { App } from './app/app';

void useSession.getState().loadSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
