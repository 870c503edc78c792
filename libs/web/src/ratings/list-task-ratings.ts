import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rating, RatingUserType } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { queryKeys } from '../query/query-keys';

export const listTaskRatings = (taskId: number, side: RatingUserType, signal?: AbortSignal) =>
  api.get<{ items: Rating[] }>('/ratings', { query: { taskId, userType: side }, signal });

export const taskRatingsQueryOptions = (taskId: number, side: RatingUserType) =>
  queryOptions({ queryKey: queryKeys.taskRatings(taskId, side), queryFn: ({ signal }) => listTaskRatings(taskId, side, signal) });

/** GET /ratings?taskId&userType: has this side rated the task already? Not asked when the viewer rates nothing. */
export function useTaskRatings(taskId: number, side: RatingUserType | null) {
  return useQuery({ ...taskRatingsQueryOptions(taskId, side ?? 'customer'), enabled: side !== null });
}
