import type { ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../query/query-client';

/** A QueryClient for one test: no retries (a failure shows at once), nothing shared with the next test. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ retry: false });
}

/** Wraps `ui` in a fresh QueryClient (or the given one), as the shell does for every page and remote. */
export function withQueryClient(ui: ReactNode, client: QueryClient = createTestQueryClient()) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

/** `render(ui)` inside a fresh QueryClient (kept on re-render); the client is returned for checks on its cache. */
export function renderWithQueryClient(ui: ReactNode, { client = createTestQueryClient(), ...options }: Omit<RenderOptions, 'wrapper'> & { client?: QueryClient } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { ...render(ui, { ...options, wrapper }), client };
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Start the router here (default '/'). */
  route?: string;
  client?: QueryClient;
}

/** Renders a component the way the product does: one QueryClient and a router around it. */
export function renderWithProviders(ui: ReactNode, { route = '/', client = createTestQueryClient(), ...options }: RenderWithProvidersOptions = {}) {
  const result = render(withQueryClient(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>, client), options);
  return { ...result, client };
}
