import { useCallback, useRef, useState } from 'react';

export interface SingleFlight {
  /** True while an action runs (for `disabled` / `loading`). */
  busy: boolean;
  /** Starts `action` unless one is still running: a second click in the same instant does nothing. */
  run: (action: () => Promise<unknown>) => void;
}

/**
 * One request per user action: the guard is a ref, set in the click itself, so a double click that comes before React
 * re-rendered the button as disabled still starts only one action. Failures stay with the caller (a mutation keeps
 * its error); here they only end the flight.
 */
export function useSingleFlight(): SingleFlight {
  const flying = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback((action: () => Promise<unknown>) => {
    if (flying.current) return;
    flying.current = true;
    setBusy(true);
    void action()
      .catch(() => undefined)
      .finally(() => {
        flying.current = false;
        setBusy(false);
      });
  }, []);
  return { busy, run };
}
