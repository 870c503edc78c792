import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Rating, RatingUserType } from '@fragtbud/contracts';
import { api } from '../api/api-client';
import { queryKeys } from '../query/query-keys';

export interface CreateRatingBody {
  taskId: number;
  rating: number;
  comment?: string;
  userType: RatingUserType;
}

export const createRating = (body: CreateRatingBody) => api.post<Rating>('/ratings', body);

/** POST /ratings: the task's ratings and the home page's public reviews change. */
export function useCreateRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRating,
    onSuccess: (_rating, body) => {
      void client.invalidateQueries({ queryKey: queryKeys.taskReview(body.taskId) });
      void client.invalidateQueries({ queryKey: queryKeys.publicReviews() });
    },
  });
}
