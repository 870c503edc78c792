import { useCallback, useEffect, useRef, useState } from 'react';
import { getAdminCounts, type AdminCounts } from '../api/admin-counts-api';

const NO_COUNTS: AdminCounts = { tasks: 0, carriers: 0, users: 0 };

/** The tab badges; `refresh` is called after an action that changes them (approve, block …). */
export function useAdminCounts(): { counts: AdminCounts; refresh: () => void } {
  const [counts, setCounts] = useState<AdminCounts>(NO_COUNTS);
  const controllerRef = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    void getAdminCounts(controller.signal).then((next) => {
      if (!controller.signal.aborted) setCounts(next);
    });
  }, []);

  useEffect(() => {
    refresh();
    return () => controllerRef.current?.abort();
  }, [refresh]);

  return { counts, refresh };
}
