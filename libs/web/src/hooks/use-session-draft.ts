import { useCallback, useState } from 'react';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage blocked (privacy settings): the input still works, only without a draft
  }
}

/** The draft kept under `key` in this tab's sessionStorage, or '' (none, or storage blocked). */
export function readSessionDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `value` under `key` for this tab; '' removes it. Full or blocked storage is ignored. */
export function writeSessionDraft(key: string, value: string): void {
  try {
    if (value) storage()?.setItem(key, value);
    else storage()?.removeItem(key);
  } catch {
    // full or blocked: nothing to do
  }
}

/**
 * A text input's value kept in sessionStorage under `key` (one per tab), so what was typed is back after a reload or
 * a detour through the login page when the session ran out. `clear` after the text was sent. A new `key` (another
 * conversation) starts from that key's own draft.
 */
export function useSessionDraft(key: string): [value: string, setValue: (value: string) => void, clear: () => void] {
  const [draft, setDraft] = useState(() => ({ key, value: readSessionDraft(key) }));
  const current = draft.key === key ? draft : { key, value: readSessionDraft(key) };
  if (current !== draft) setDraft(current);
  const setValue = useCallback(
    (value: string) => {
      writeSessionDraft(key, value);
      setDraft({ key, value });
    },
    [key],
  );
  const clear = useCallback(() => setValue(''), [setValue]);
  return [current.value, setValue, clear];
}
