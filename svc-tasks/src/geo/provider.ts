import type { AddressSuggestion } from '@fragtbud/contracts';

export interface ProviderQuery {
  /** Trimmed, at least 3 characters. */
  text: string;
  limit: number;
  /** Aborted when the answer is no longer wanted (timeout). */
  signal: AbortSignal;
}

export interface ProviderAnswer {
  items: AddressSuggestion[];
  /** Some details could not be fetched in time (e.g. coordinates): answer, but do not cache. */
  partial?: boolean;
}

/** A source of Danish address suggestions. Throws when it cannot answer; the caller turns that into no suggestions. */
export interface AddressProvider {
  readonly name: string;
  suggest(query: ProviderQuery): Promise<ProviderAnswer>;
}
