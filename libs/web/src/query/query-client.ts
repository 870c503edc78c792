import { MutationCache, QueryCache, QueryClient, focusManager } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import { useSession } from '../session/session-store';

/** A failure worth asking again for: the network, a timeout or the server (5xx). A 4xx answer will not change. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status >= 500;
}

const MAX_RETRIES = 2;

/** A 401 from any call while someone is signed in: the session ran out in the middle of a flow. */
function onApiFailure(error: unknown): void {
  if (isApiError(error) && error.status === 401) useSession.getState().expireSession();
}

let focusListening = false;

/**
 * The library refetches on `visibilitychange` only; switching back from another window (the tab stays visible) fires
 * just `focus`, and that is when a user expects fresh notifications and bids. Set once per page.
 */
function refetchOnWindowFocusToo(): void {
  if (focusListening) return;
  focusListening = true;
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined' || !window.addEventListener) return undefined;
    const listener = () => handleFocus();
    window.addEventListener('visibilitychange', listener, false);
    window.addEventListener('focus', listener, false);
    return () => {
      window.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  });
}

/**
 * The one QueryClient of a page. The shell creates it and every remote uses it through the shared
 * `@tanstack/react-query` singleton; a remote's standalone page creates its own. Refetch on focus and
 * reconnect come from the library; retries only for failures that may pass.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const retry = options.retry ?? true;
  refetchOnWindowFocusToo();
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: onApiFailure }),
    mutationCache: new MutationCache({ onError: onApiFailure }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failures, error) => retry && failures < MAX_RETRIES && isRetryable(error),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  forgetDataOfPreviousUser(client);
  return client;
}

/**
 * Cached answers belong to the user who asked: when that user signs out, their session expires or someone else signs
 * in on the same page, nothing they saw (profile, bank details, payments, chats) may be shown to the next one.
 */
function forgetDataOfPreviousUser(client: QueryClient): void {
  useSession.subscribe((state, previous) => {
    const before = previous.user?.id ?? null;
    const now = state.user?.id ?? null;
    if (before !== null && before !== now) client.clear();
  });
}
