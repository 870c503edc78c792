import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll } from 'vitest';
import { createTestQueryClient, withQueryClient } from '@fragtbud/web/testing';
import { AppRoutes } from '../app/app-routes';
import { preloadPages } from '../routing/lazy-page';

// The route table splits pages into chunks loaded on first visit; tests render them as if already visited.
beforeAll(() => preloadPages());

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the whole shell (layout + route table) at `route`, with the current location readable in tests. */
export function renderApp(route: string, client = createTestQueryClient()) {
  const result = render(
    withQueryClient(
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>,
      client,
    ),
  );
  return { ...result, client };
}

/**
 * `renderApp` for a page whose first render suspends (a remote's piece, the carrier's offline queue: lazy). Inside
 * render()'s synchronous act React drops the work it was waiting to resume, and the page never renders again — no
 * effects, so no requests, and the loading state stays; an awaited act lets that work finish. React also counts a split
 * page's use() of its chunk as a suspension, loaded or not, when more work follows in the same act (a redirect).
 */
export function renderAppAsync(route: string, client = createTestQueryClient()) {
  return act(async () => renderApp(route, client));
}
