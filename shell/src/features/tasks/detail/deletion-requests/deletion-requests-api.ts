import type { DeletionRequest } from '@fragtbud/contracts';
import { api } from '@fragtbud/web';

export type DeletionAction = 'approve' | 'reject';

export const listDeletionRequests = (taskId: number, signal?: AbortSignal) =>
  api.get<{ items: DeletionRequest[] }>(`/tasks/${taskId}/deletion-requests`, { signal });

export const createDeletionRequest = (taskId: number, reason: string) =>
  api.post<DeletionRequest>(`/tasks/${taskId}/deletion-requests`, reason.trim() ? { reason: reason.trim() } : {});

export const resolveDeletionRequest = (taskId: number, requestId: number, action: DeletionAction) =>
  api.put<{ message: string; request: DeletionRequest }>(`/tasks/${taskId}/deletion-requests/${requestId}`, { action });
