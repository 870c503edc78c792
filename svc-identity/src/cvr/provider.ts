import type { CompanyLookup } from '@fragtbud/contracts';
import { isValidCvr } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { IdentityConfig } from '../config';
import { lookUpLocally } from './local-register';

/** A company register: the company behind a CVR number, or null when the register has none. */
export interface CvrProvider {
  readonly name: IdentityConfig['CVR_PROVIDER'];
  lookup(cvr: string): Promise<CompanyLookup | null>;
}

const unavailable = () => domainError('cvr_unavailable');

/** No register configured: nothing can be found (the number's format and check digit are still checked). */
const noProvider: CvrProvider = { name: 'none', lookup: async () => null };

/** A few real companies kept in the code (`local-register.ts`), for trying the lookup without a register. */
const localProvider: CvrProvider = { name: 'local', lookup: async (cvr) => lookUpLocally(cvr) };

async function fetchJson(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw unavailable();
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    throw unavailable();
  }
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);

/** cvrapi.dk: GET /api?search={cvr}&country=dk; 404 {error: 'NOT_FOUND'} when unknown. */
function cvrapiProvider(config: IdentityConfig): CvrProvider {
  const base = (config.CVR_BASE_URL ?? 'https://cvrapi.dk').replace(/\/+$/, '');
  return {
    name: 'cvrapi',
    async lookup(cvr) {
      const { status, body } = await fetchJson(
        `${base}/api?search=${cvr}&country=dk`,
        { headers: { 'user-agent': config.CVR_USER_AGENT, accept: 'application/json' } },
        config.CVR_TIMEOUT_MS,
      );
      if (status === 404) return null;
      if (status !== 200 || typeof body !== 'object' || body === null) throw unavailable();
      const company = body as Record<string, unknown>;
      if (company.error || String(company.vat ?? '') !== cvr) return null;
      return {
        cvrNumber: cvr,
        name: textOrNull(company.name) ?? '',
        address: textOrNull(company.address),
        postalCode: textOrNull(company.zipcode),
        city: textOrNull(company.city),
        status: company.enddate ? 'Ophørt' : 'Aktiv',
      };
    },
  };
}

/** Erhvervsstyrelsen's CVR data distribution (Elasticsearch, basic auth): cvr-permanent/virksomhed/_search. */
function virkProvider(config: IdentityConfig): CvrProvider {
  const base = (config.CVR_BASE_URL ?? 'http://distribution.virk.dk').replace(/\/+$/, '');
  const auth = Buffer.from(`${config.CVR_USERNAME ?? ''}:${config.CVR_PASSWORD ?? ''}`).toString('base64');
  return {
    name: 'virk',
    async lookup(cvr) {
      const { status, body } = await fetchJson(
        `${base}/cvr-permanent/virksomhed/_search`,
        {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: { term: { 'Vrvirksomhed.cvrNummer': Number(cvr) } }, size: 1 }),
        },
        config.CVR_TIMEOUT_MS,
      );
      if (status !== 200) throw unavailable();
      const hit = (body as { hits?: { hits?: Array<{ _source?: { Vrvirksomhed?: Record<string, unknown> } }> } })?.hits?.hits?.[0];
      const company = hit?._source?.Vrvirksomhed;
      if (!company) return null;
      const meta = (company.virksomhedMetadata ?? {}) as Record<string, unknown>;
      const name = (meta.nyesteNavn as { navn?: unknown } | undefined)?.navn;
      const address = (meta.nyesteBeliggenhedsadresse ?? {}) as Record<string, unknown>;
      const street = [textOrNull(address.vejnavn), textOrNull(address.husnummerFra), textOrNull(address.bogstavFra)]
        .filter(Boolean)
        .join(' ');
      return {
        cvrNumber: cvr,
        name: textOrNull(name) ?? '',
        address: street || null,
        postalCode: textOrNull(address.postnummer),
        city: textOrNull(address.postdistrikt),
        status: textOrNull(meta.sammensatStatus),
      };
    },
  };
}

export function createCvrProvider(config: IdentityConfig): CvrProvider {
  switch (config.CVR_PROVIDER) {
    case 'cvrapi':
      return cvrapiProvider(config);
    case 'virk':
      return virkProvider(config);
    case 'local':
      return localProvider;
    case 'none':
      return noProvider;
  }
}

const cacheTtlMs = 60 * 60_000;

/** Checks the number, then asks the register (answers are cached for an hour); 404 when there is no such company. */
export function createCvrLookup(provider: CvrProvider, now: () => Date) {
  const cache = new Map<string, { at: number; company: CompanyLookup | null }>();
  return async (cvr: string): Promise<CompanyLookup> => {
    const notFound = domainError('cvr_not_found');
    if (!isValidCvr(cvr)) throw notFound;
    const cached = cache.get(cvr);
    const company =
      cached && now().getTime() - cached.at < cacheTtlMs ? cached.company : await provider.lookup(cvr);
    if (!cached || cached.company !== company) {
      if (cache.size > 5_000) cache.clear();
      cache.set(cvr, { at: now().getTime(), company });
    }
    if (!company) throw notFound;
    return company;
  };
}
