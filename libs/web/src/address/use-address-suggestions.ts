import { useEffect, useRef, useState } from 'react';
import type { SuggestedAddress } from './address-suggestion';
import { ADDRESS_SUGGEST, suggestAddresses } from './suggest-addresses';

export type SuggestAddresses = (query: string, signal: AbortSignal) => Promise<SuggestedAddress[]>;

export interface AddressSuggestionsState {
  items: SuggestedAddress[];
  loading: boolean;
}

/**
 * Suggestions for what the user is typing (spec section 5): nothing below 3 characters, one search 300 ms after the
 * last keystroke, at most 6 results. Each new search aborts the one still running; an aborted search is silent and
 * a failed one empties the list, so the field simply stays a free-text field.
 * `query` null means "nothing typed since the value was set" (a chosen suggestion, a prefilled task): no search.
 */
export function useAddressSuggestions(query: string | null, suggest: SuggestAddresses = suggestAddresses): AddressSuggestionsState {
  const [state, setState] = useState<AddressSuggestionsState>({ items: [], loading: false });
  const running = useRef<AbortController | null>(null);
  const suggestRef = useRef(suggest);
  suggestRef.current = suggest;

  useEffect(() => {
    const text = query?.trim() ?? '';
    if (text.length < ADDRESS_SUGGEST.minChars) {
      running.current?.abort();
      running.current = null;
      setState((current) => (current.items.length || current.loading ? { items: [], loading: false } : current));
      return;
    }
    const timer = setTimeout(() => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState((current) => ({ ...current, loading: true }));
      suggestRef.current(text, controller.signal).then(
        (items) => {
          if (running.current !== controller) return;
          running.current = null;
          setState({ items: items.slice(0, ADDRESS_SUGGEST.results), loading: false });
        },
        () => {
          if (controller.signal.aborted || running.current !== controller) return;
          running.current = null;
          setState({ items: [], loading: false });
        },
      );
    }, ADDRESS_SUGGEST.debounceMs);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => () => running.current?.abort(), []);

  return state;
}
