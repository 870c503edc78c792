import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, suggestAddresses } from '@fragtbud/web';

export interface Location {
  lat: number;
  lng: number;
}

/**
 * Where an address lies: the first suggestion of GET /geo/suggest that has coordinates (the geo service's provider,
 * GEO_PROVIDER), or null when there is none — no provider, no match, or the service did not answer.
 */
export async function locateAddress(address: string, signal?: AbortSignal): Promise<Location | null> {
  try {
    const found = (await suggestAddresses(address, signal)).find((item) => item.lat !== undefined && item.lng !== undefined);
    return found ? { lat: found.lat as number, lng: found.lng as number } : null;
  } catch {
    return null;
  }
}

export const addressLocationQueryOptions = (address: string) =>
  queryOptions({
    queryKey: queryKeys.addressLocation(address),
    queryFn: ({ signal }) => locateAddress(address, signal),
    // An address does not move.
    staleTime: Infinity,
    retry: false,
  });

/** Nothing is asked while `address` is null (the coordinates are already known, or there is no map to draw). */
export function useAddressLocation(address: string | null) {
  return useQuery({ ...addressLocationQueryOptions(address ?? ''), enabled: address !== null && address.trim().length >= 3 });
}
