import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@fragtbud/web';
import { listAssignments, listCarrierLists, type CarrierList, type CarrierListAssignment } from './carrier-lists-api';

/** The lists to choose from and the shown carriers' assignments, loaded together. */
export interface CarrierListing {
  lists: CarrierList[];
  assignments: CarrierListAssignment[];
}

export async function loadCarrierListing(carrierIds: readonly number[], signal?: AbortSignal): Promise<CarrierListing> {
  const [lists, assignments] = await Promise.all([listCarrierLists(signal), listAssignments(carrierIds, signal)]);
  return { lists, assignments };
}

/**
 * Lists and assignments for the carriers on screen: one assignments call for all of them (`?userId=1,2,3`),
 * asked again only when the set of carriers changes. No carriers, no calls.
 */
export function useCarrierListing(carrierIds: readonly number[]) {
  const queryKey = queryKeys.carrierListing(carrierIds);
  const ids = queryKey[queryKey.length - 1] as number[];
  return useQuery({ queryKey, queryFn: ({ signal }) => loadCarrierListing(ids, signal), enabled: ids.length > 0 });
}
