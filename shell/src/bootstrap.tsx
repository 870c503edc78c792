import '@fragtbud/web/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSessionOnReturn, useSession } from '@fragtbud/web';
import { App } from './app/app';

void useSession.getState().loadSession();
refreshSessionOnReturn();

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // The first render as a transition: React yields to the browser every few milliseconds instead of building the
  // whole page in one long task, so input is not blocked while the page appears (total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
