import { limits } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { toSuggestedAddress, type SuggestedAddress } from './address-suggestion';

export const ADDRESS_SUGGEST = limits.addressSuggest;

/** GET /geo/suggest?q= — up to 6 Danish address suggestions. Rejects with the caller's abort when cancelled. */
export async function suggestAddresses(query: string, signal?: AbortSignal): Promise<SuggestedAddress[]> {
  const answer = await api.get<{ items?: unknown }>('/geo/suggest', { query: { q: query }, signal });
  const items = Array.isArray(answer?.items) ? answer.items : [];
  return items
    .map(toSuggestedAddress)
    .filter((item): item is SuggestedAddress => item !== null)
    .slice(0, ADDRESS_SUGGEST.results);
}
