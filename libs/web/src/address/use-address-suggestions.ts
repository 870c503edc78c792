import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import type { SuggestedAddress } from './address-suggestion';
import { ADDRESS_SUGGEST, suggestAddresses } from './suggest-addresses';
import { queryKeys } from '../query/query-keys';

export type SuggestAddresses = (query: string, signal: AbortSignal) => Promise<SuggestedAddress[]>;

export interface AddressSuggestionsState {
  items: SuggestedAddress[];
  loading: boolean;
}

const NONE: SuggestedAddress[] = [];

/**
 * Suggestions for what the user is typing (spec section 5): nothing below 3 characters, one search 300 ms after the
 * last keystroke, at most 6 results, each text asked once (cached). A search for text since changed is cancelled by
 * the query library; a failed one gives no suggestions, so the field simply stays a free-text field.
 * `query` null means "nothing typed since the value was set" (a chosen suggestion, a prefilled task): no search.
 */
export function useAddressSuggestions(query: string | null, suggest: SuggestAddresses = suggestAddresses): AddressSuggestionsState {
  const typed = query?.trim() ?? '';
  const text = useDebouncedValue(typed, ADDRESS_SUGGEST.debounceMs);
  const searchable = typed.length >= ADDRESS_SUGGEST.minChars && text === typed;
  const { data, isFetching } = useQuery({
    queryKey: queryKeys.addressSuggestions(text),
    queryFn: ({ signal }) => suggest(text, signal).then((items) => items.slice(0, ADDRESS_SUGGEST.results)),
    enabled: searchable,
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!searchable) return { items: NONE, loading: false };
  return { items: data ?? NONE, loading: isFetching };
}
