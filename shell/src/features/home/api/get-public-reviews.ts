import { limits } from '@fragtbud/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, queryKeys } from '@fragtbud/web';

export interface PublicReview {
  id: string | number;
  rating: number;
  comment: string;
  authorName: string | null;
  date: string | null;
}

interface RawRating {
  id?: string | number;
  rating?: number;
  score?: number;
  comment?: string | null;
  date?: string;
  created_at?: string;
  customer_name?: string;
  customerName?: string;
  carrier_name?: string;
  carrierName?: string;
  user_type?: string;
  customer?: { name?: string };
  carrier?: { name?: string };
}

/** Spec section 9: at most 20 reviews on the home page, each with a score and a comment of 6+ characters. */
export const HOME_REVIEW_LIMIT = limits.homeReviewsMax;
const MIN_COMMENT_LENGTH = limits.homeReviewMinCommentLength;

function toReview(raw: RawRating, index: number): PublicReview | null {
  const rating = Number(raw.rating ?? raw.score ?? 0);
  const comment = (raw.comment ?? '').trim();
  if (!(rating > 0) || comment.length < MIN_COMMENT_LENGTH) return null;
  const byCarrier = raw.user_type === 'carrier';
  const authorName = byCarrier
    ? (raw.carrier_name ?? raw.carrierName ?? raw.carrier?.name)
    : (raw.customer_name ?? raw.customerName ?? raw.customer?.name);
  return {
    id: raw.id ?? index,
    rating: Math.min(5, rating),
    comment,
    authorName: authorName?.trim() || null,
    date: raw.date ?? raw.created_at ?? null,
  };
}

/** GET /ratings/public. A 404 means the endpoint has no reviews to offer yet: an empty list, not an error. */
export async function getPublicReviews(signal?: AbortSignal): Promise<PublicReview[]> {
  let answer: RawRating[] | { items?: RawRating[] } | undefined;
  try {
    answer = await api.get<RawRating[] | { items?: RawRating[] }>('/ratings/public', {
      query: { limit: HOME_REVIEW_LIMIT },
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
  const rows = Array.isArray(answer) ? answer : (answer?.items ?? []);
  return rows
    .map(toReview)
    .filter((review): review is PublicReview => review !== null)
    .slice(0, HOME_REVIEW_LIMIT);
}

export const publicReviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.publicReviews(), queryFn: ({ signal }) => getPublicReviews(signal) });

export const usePublicReviews = () => useQuery(publicReviewsQueryOptions());
