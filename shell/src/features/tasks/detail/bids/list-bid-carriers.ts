import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BidView, CarrierSummary } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

/** GET /carriers?ids=: the public profiles of a bid table's carriers, in one call whatever the number of bids. */
export async function listBidCarriers(carrierIds: readonly number[], signal?: AbortSignal): Promise<Map<number, CarrierSummary>> {
  const { items } = await api.get<{ items: CarrierSummary[] }>('/carriers', { query: { ids: carrierIds.join(',') }, signal });
  return new Map(items.map((carrier) => [carrier.id, carrier]));
}

export const bidCarriersQueryOptions = (carrierIds: readonly number[]) =>
  queryOptions({ queryKey: queryKeys.carrierSummaries(carrierIds), queryFn: ({ signal }) => listBidCarriers(carrierIds, signal) });

/** The bidders' stars, reviews, completed tasks and badges; the table shows names alone until (or if not) they come. */
export function useBidCarriers(bids: readonly BidView[]) {
  const carrierIds = [...new Set(bids.map((bid) => bid.carrier_id))].sort((a, b) => a - b).slice(0, 50);
  return useQuery({ ...bidCarriersQueryOptions(carrierIds), enabled: carrierIds.length > 0, retry: false });
}
