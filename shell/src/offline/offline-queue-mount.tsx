import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSession } from '@fragtbud/web';

/*
 * The offline queue and the service worker are for carriers in the field (issue 29): this mount is all a visitor's
 * first load carries (a few hundred bytes); the queue, its strip and the worker's registration are a separate chunk
 * loaded only for a signed-in carrier — or, on a reload without signal (the profile call failed, so nobody is known
 * as signed in), for the carrier who last used the site on this device, so their waiting proofs are still shown and
 * sent when the connection returns.
 */

const CarrierOfflineQueue = lazy(() => import('./carrier-offline-queue').then((m) => ({ default: m.CarrierOfflineQueue })));

/** Only the carrier's id: which queue entries are theirs. Forgotten at logout. */
export const OFFLINE_CARRIER_KEY = 'fragtbud:offline-carrier';

function rememberedCarrier(): number | null {
  try {
    const id = Number(localStorage.getItem(OFFLINE_CARRIER_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function remember(id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(OFFLINE_CARRIER_KEY);
    else localStorage.setItem(OFFLINE_CARRIER_KEY, String(id));
  } catch {
    // storage off (private mode): the queue then runs only while signed in
  }
}

export function OfflineQueueMount() {
  const user = useSession((state) => state.user);
  const carrierId = user?.role === 'carrier' ? user.id : null;
  const [remembered, setRemembered] = useState(rememberedCarrier);
  const previous = useRef(user);

  useEffect(() => {
    const before = previous.current;
    previous.current = user;
    if (carrierId !== null) {
      remember(carrierId);
      setRemembered(carrierId);
    } else if (user || (before?.role === 'carrier' && navigator.onLine)) {
      // Someone else signed in, or the carrier signed out (online): the device no longer holds their queue open.
      remember(null);
      setRemembered(null);
    }
  }, [user, carrierId]);

  // Back online after a reload without signal: ask who is signed in again, so the page is theirs once more.
  useEffect(() => {
    if (carrierId !== null || remembered === null) return;
    const again = () => {
      if (!useSession.getState().user) void useSession.getState().loadSession();
    };
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [carrierId, remembered]);

  // While the profile is asked for again (back online), the remembered carrier's queue stays open: it is sending.
  const ownerId = carrierId ?? (user === null ? remembered : null);
  if (ownerId === null) return null;
  return (
    <Suspense fallback={null}>
      <CarrierOfflineQueue ownerId={ownerId} />
    </Suspense>
  );
}
