import { limits, type AddressSuggestion } from '@fragtbud/contracts';
import type { Logger } from '@fragtbud/platform';
import type { AddressProvider, ProviderAnswer } from './provider';
import { TtlCache } from './ttl-cache';

export interface AddressSuggesterOptions {
  /** null: no provider configured — every answer is an empty list, at once. */
  provider: AddressProvider | null;
  timeoutMs: number;
  logger: Logger;
  cacheEntries?: number;
  cacheTtlMs?: number;
}

export interface AddressSuggester {
  /** Up to 6 suggestions; never throws and never takes (much) longer than the timeout. */
  suggest(q: string, log?: Logger): Promise<AddressSuggestion[]>;
}

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('da-DK');

/**
 * Address suggestions while someone types: fewer than 3 characters → none; answers are cached (500 queries,
 * 10 minutes) and identical queries in flight share one provider call; a provider that fails or is slower than
 * the timeout gives no suggestions and a warning in the log, so the field simply stays a free-text field.
 */
export function createAddressSuggester(options: AddressSuggesterOptions): AddressSuggester {
  const { provider, timeoutMs, logger } = options;
  const cache = new TtlCache<AddressSuggestion[]>(options.cacheEntries ?? 500, options.cacheTtlMs ?? 10 * 60_000);
  const inFlight = new Map<string, Promise<AddressSuggestion[]>>();
  const { minChars, results } = limits.addressSuggest;

  async function ask(activeProvider: AddressProvider, text: string, key: string, log: Logger): Promise<AddressSuggestion[]> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    const started = Date.now();
    try {
      const answer: ProviderAnswer = await Promise.race([
        activeProvider.suggest({ text, limit: results, signal: controller.signal }),
        timedOut,
      ]);
      const items = answer.items.slice(0, results);
      if (!answer.partial) cache.set(key, items);
      return items;
    } catch (error) {
      log.warn({ err: error, provider: activeProvider.name, ms: Date.now() - started }, 'address suggestions unavailable');
      return [];
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async suggest(q, log = logger) {
      const text = q.trim();
      if (!provider || text.length < minChars) return [];
      const key = normalised(text);
      const cached = cache.get(key);
      if (cached) return cached;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const asking = ask(provider, text, key, log).finally(() => inFlight.delete(key));
      inFlight.set(key, asking);
      return asking;
    },
  };
}
