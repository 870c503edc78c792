import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';
import type { CarrierListAssignmentJson, CarrierListJson } from '@fragtbud/contracts';

/** A carrier list as GET /admin/carrier-lists shows it (money in DKK), with its number of carriers. */
export type CarrierList = CarrierListJson;
/** Which list a carrier is on (a carrier is on at most one). */
export type CarrierListAssignment = CarrierListAssignmentJson;

/** The body of POST and PUT /admin/carrier-lists(/{id}), fees in DKK. */
export interface CarrierListInput {
  name: string;
  description: string;
  feePercentage: number;
  fixedFee: number;
  minFee: number;
}

/** GET /admin/carrier-lists/assignments answers for at most this many carriers per call. */
export const ASSIGNMENTS_PER_CALL = 100;

export async function listCarrierLists(signal?: AbortSignal): Promise<CarrierList[]> {
  const answer = await api.get<{ items?: CarrierList[] }>('/admin/carrier-lists', { signal });
  return answer?.items ?? [];
}

export function createCarrierList(input: CarrierListInput): Promise<CarrierList> {
  return api.post<CarrierList>('/admin/carrier-lists', input);
}

export function updateCarrierList(id: number, input: CarrierListInput): Promise<CarrierList> {
  return api.put<CarrierList>(`/admin/carrier-lists/${id}`, input);
}

export async function deleteCarrierList(id: number): Promise<void> {
  await api.delete(`/admin/carrier-lists/${id}`);
}

/**
 * The assignments of the given carriers: one call for up to 100 (`?userId=1,2,3`), one more per further 100.
 * No carriers, no call.
 */
export async function listAssignments(userIds: readonly number[], signal?: AbortSignal): Promise<CarrierListAssignment[]> {
  const ids = [...new Set(userIds)];
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += ASSIGNMENTS_PER_CALL) chunks.push(ids.slice(start, start + ASSIGNMENTS_PER_CALL));
  const answers = await Promise.all(
    // The ids are integers, so the comma list goes into the path as is (no %2C in logs).
    chunks.map((chunk) => api.get<{ items?: CarrierListAssignment[] }>(`/admin/carrier-lists/assignments?userId=${chunk.join(',')}`, { signal })),
  );
  return answers.flatMap((answer) => answer?.items ?? []);
}

/** Puts the carrier on the list, moving them off any other list. */
export function assignCarrier(userId: number, listId: number): Promise<CarrierListAssignment> {
  return api.post<CarrierListAssignment>('/admin/carrier-lists/assignments', { userId, listId });
}

export async function unassignCarrier(assignmentId: number): Promise<void> {
  await api.delete(`/admin/carrier-lists/assignments/${assignmentId}`);
}

/**
 * After a list or an assignment changed: the lists (their carrier counts), the carriers tab's listing and the task
 * page's "which list" are asked again — everything under `queryKeys.carrierLists()`.
 */
function useCarrierListsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.carrierLists() });
}

/** POST /admin/carrier-lists (no id) or PUT /admin/carrier-lists/{id}; resolves with the saved list. */
export function useSaveCarrierList() {
  const changed = useCarrierListsChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CarrierListInput }) => (id === null ? createCarrierList(input) : updateCarrierList(id, input)),
    onSuccess: changed,
  });
}

/** DELETE /admin/carrier-lists/{id} (refused with 409 while carriers are on it). */
export function useDeleteCarrierList() {
  const changed = useCarrierListsChanged();
  return useMutation({ mutationFn: (id: number) => deleteCarrierList(id), onSuccess: changed });
}

/** Puts a carrier on a list (POST, moving them off another) or takes them off (`listId` null: DELETE their assignment). */
export function useChangeCarrierList() {
  const changed = useCarrierListsChanged();
  return useMutation({
    mutationFn: async ({ userId, listId, assignmentId }: { userId: number; listId: number | null; assignmentId: number | null }) => {
      if (listId !== null) return assignCarrier(userId, listId);
      if (assignmentId !== null) await unassignCarrier(assignmentId);
      return null;
    },
    onSuccess: changed,
  });
}
