import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@fragtbud/web';
import { AppRoutes } from './app-routes';
import './app.css';

/** The page's one QueryClient: the remotes mounted inside the shell read it through the shared react-query singleton. */
const pageQueryClient = createQueryClient();

export function App({ queryClient = pageQueryClient }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
