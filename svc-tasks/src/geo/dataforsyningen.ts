import type { AddressSuggestion } from '@fragtbud/contracts';
import { z } from 'zod';
import type { AddressProvider, ProviderAnswer, ProviderQuery } from './provider';
import { TtlCache } from './ttl-cache';
import { utm32ToLatLng } from './utm';

export interface DataforsyningenOptions {
  /** e.g. https://adressevaelger.dk */
  baseUrl: string;
  token?: string;
  fetch?: typeof fetch;
}

/*
 * Klimadatastyrelsen's Adressevælger (Dataforsyningen), DAWA's successor. Its public documentation does not
 * describe the response yet; the shape below is the one its own widget and published clients use:
 *   GET {base}/husnumre/soeg?tekst=…&maksimum=N&token=…
 *     → { status, beskrivelse, fund: [{ type: 'husnummer', id, titel: 'Vejnavn 1, 1234 By', vejnavn?, husnummer?, … }] }
 *   GET {base}/husnumre/{id}?token=…
 *     → { status, husnummer: { husnummertekst, vejnavn, postnummer: { postnr, navn },
 *                                adgangspunkt: { koordinater: { x, y } } } }   (x, y in EPSG:25832)
 * Search hits carry no coordinates, so each hit's house number is looked up (in parallel, cached for an hour);
 * a lookup that fails leaves that suggestion without coordinates.
 */
const searchResponseSchema = z.object({
  fund: z.array(
    z.looseObject({
      type: z.string(),
      id: z.string().optional(),
      titel: z.string().optional(),
      vejnavn: z.string().optional(),
      husnummer: z.string().optional(),
      postnr: z.string().optional(),
      postdistrikt: z.string().optional(),
    }),
  ),
});
type SearchHit = z.infer<typeof searchResponseSchema>['fund'][number];

const houseNumberResponseSchema = z.object({
  husnummer: z.looseObject({
    husnummertekst: z.string().optional(),
    vejnavn: z.string().optional(),
    postnummer: z.looseObject({ postnr: z.string().optional(), navn: z.string().optional() }).nullish(),
    adgangspunkt: z.looseObject({ koordinater: z.object({ x: z.number(), y: z.number() }).nullish() }).nullish(),
  }),
});

interface HouseNumberDetails {
  street?: string;
  houseNo?: string;
  postalCode?: string;
  city?: string;
  lat?: number;
  lng?: number;
}

/** 'Vejnavn 12A, Suppl. bynavn, 1234 By' → its parts, for hits whose lookup failed. */
function partsOfTitle(title: string): HouseNumberDetails {
  const segments = title.split(',').map((segment) => segment.trim());
  const streetLine = /^(.*\S)\s+(\d+[A-Za-zÆØÅæøå]?)$/.exec(segments[0] ?? '');
  const postal = /^(\d{4})\s+(.+)$/.exec(segments.at(-1) ?? '');
  return {
    street: streetLine?.[1] ?? segments[0],
    houseNo: streetLine?.[2],
    postalCode: postal?.[1],
    city: postal?.[2],
  };
}

export function createDataforsyningenProvider(options: DataforsyningenOptions): AddressProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const details = new TtlCache<HouseNumberDetails>(2_000, 60 * 60_000);

  function urlOf(path: string, params: Record<string, string> = {}): string {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (options.token) url.searchParams.set('token', options.token);
    return url.toString();
  }

  async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
    const response = await fetchImpl(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`Adressevælger answered ${response.status}`);
    }
    return response.json();
  }

  async function houseNumberDetails(id: string, signal: AbortSignal): Promise<HouseNumberDetails> {
    const cached = details.get(id);
    if (cached) return cached;
    const { husnummer } = houseNumberResponseSchema.parse(await getJson(urlOf(`/husnumre/${encodeURIComponent(id)}`), signal));
    const point = husnummer.adgangspunkt?.koordinater;
    const found: HouseNumberDetails = {
      street: husnummer.vejnavn,
      houseNo: husnummer.husnummertekst,
      postalCode: husnummer.postnummer?.postnr,
      city: husnummer.postnummer?.navn,
      ...(point ? utm32ToLatLng(point.x, point.y) : {}),
    };
    details.set(id, found);
    return found;
  }

  function toSuggestion(hit: SearchHit & { id: string; titel: string }, found: HouseNumberDetails | null): AddressSuggestion {
    const fromTitle = partsOfTitle(hit.titel);
    const lat = found?.lat ?? null;
    const lng = found?.lng ?? null;
    return {
      label: hit.titel,
      address: hit.titel,
      formattedAddress: hit.titel,
      lat,
      lng,
      location: lat !== null && lng !== null ? { lat, lng } : null,
      placeId: hit.id,
      street: found?.street ?? hit.vejnavn ?? fromTitle.street ?? '',
      houseNo: found?.houseNo ?? hit.husnummer ?? fromTitle.houseNo ?? '',
      postalCode: found?.postalCode ?? hit.postnr ?? fromTitle.postalCode ?? '',
      city: found?.city ?? hit.postdistrikt ?? fromTitle.city ?? '',
      country: 'Danmark',
      countryCode: 'DK',
    };
  }

  return {
    name: 'dataforsyningen',
    async suggest({ text, limit, signal }: ProviderQuery): Promise<ProviderAnswer> {
      const body = await getJson(urlOf('/husnumre/soeg', { tekst: text, maksimum: String(limit) }), signal);
      const hits = searchResponseSchema
        .parse(body)
        .fund.filter((hit): hit is SearchHit & { id: string; titel: string } =>
          hit.type === 'husnummer' && !!hit.id && !!hit.titel,
        )
        .slice(0, limit);
      const looked = await Promise.allSettled(hits.map((hit) => houseNumberDetails(hit.id, signal)));
      const items = hits.map((hit, index) => {
        const result = looked[index];
        return toSuggestion(hit, result?.status === 'fulfilled' ? result.value : null);
      });
      return { items, partial: looked.some((result) => result.status === 'rejected') };
    },
  };
}
