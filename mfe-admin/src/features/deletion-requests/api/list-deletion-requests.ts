import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDeletionRequest, AdminDeletionRequestList } from '@fragtbud/contracts';
import { api, queryKeys } from '@fragtbud/web';

export type DeletionRequestStatus = AdminDeletionRequest['status'];

export const listDeletionRequests = (status: DeletionRequestStatus, signal?: AbortSignal) =>
  api.get<AdminDeletionRequestList>('/admin/deletion-requests', { query: { status }, signal });

export const deletionRequestsQueryOptions = (status: DeletionRequestStatus) =>
  queryOptions({ queryKey: queryKeys.adminDeletionRequests(status), queryFn: ({ signal }) => listDeletionRequests(status, signal) });

/** GET /admin/deletion-requests?status=: the admin's inbox; the last list stays while another status loads. */
export const useDeletionRequests = (status: DeletionRequestStatus) => useQuery({ ...deletionRequestsQueryOptions(status), placeholderData: keepPreviousData });
