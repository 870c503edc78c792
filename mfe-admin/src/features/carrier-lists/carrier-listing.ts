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
export const carrierListingKey = (carrierIds: readonly number[]) =>
  [...queryKeys.carrierLists(), 'listing', [...new Set(carrierIds)].sort((a, b) => a - b)] as const;

export function useCarrierListing(carrierIds: readonly number[]) {
  const queryKey = carrierListingKey(carrierIds);
  const ids = queryKey[queryKey.length - 1] as number[];
  return useQuery({ queryKey, queryFn: ({ signal }) => loadCarrierListing(ids, signal), enabled: ids.length > 0 });
}

/** The listing after a carrier was put on a list (or moved): their one assignment replaced. */
export function withAssignment(listing: CarrierListing, assignment: CarrierListAssignment): CarrierListing {
  return {
    ...listing,
    assignments: [...listing.assignments.filter((item) => item.userId !== assignment.userId), assignment],
  };
}

/** The listing after a carrier was taken off their list. */
export function withoutAssignment(listing: CarrierListing, userId: number): CarrierListing {
  return { ...listing, assignments: listing.assignments.filter((item) => item.userId !== userId) };
}
