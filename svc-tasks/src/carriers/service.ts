import { carrierProfileReviewsMax, regionLabels, type AuthUser, type CarrierFieldProfile, type CarrierFieldProfileBody, type CarrierProfile, type CarrierSummary, type Vehicle } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { TasksContext } from '../context';
import { completedTaskCounts, countAlertsOf, findCarriers, findFieldProfile, latestReviews, ratingTotals, saveFieldProfile, type CarrierRow } from './repo';

const today = () => new Date().toISOString().slice(0, 10);

function summaryOf(
  row: CarrierRow,
  rating: { count: number; avg: number } | undefined,
  completed: number | undefined,
  day: string,
): CarrierSummary {
  const count = rating?.count ?? 0;
  return {
    id: row.user_id,
    name: row.name,
    company: row.company,
    rating: { avg: count === 0 ? 0 : Math.round((rating?.avg ?? 0) * 10) / 10, count },
    completed_tasks: completed ?? 0,
    badges: {
      insured: row.insured_until !== null && row.insured_until >= day,
      cvr_verified: row.cvr_verified === true && row.cvr_number !== null,
    },
    vehicles: vehiclesOf(row.vehicles),
  };
}

const vehiclesOf = (stored: Vehicle[] | string | null | undefined): Vehicle[] => (typeof stored === 'string' ? (JSON.parse(stored) as Vehicle[]) : (stored ?? []));

/** GET /carrier/profile: the carrier's own vehicles and regions. */
export async function ownFieldProfile(context: TasksContext, caller: AuthUser): Promise<CarrierFieldProfile> {
  if (caller.role !== 'carrier') throw domainError('forbidden');
  const row = await findFieldProfile(context.db, caller.id);
  return { vehicles: vehiclesOf(row?.vehicles), coverageRegions: row?.coverage_regions ?? [], suggestedAlert: null };
}

/**
 * PUT /carrier/profile: only a carrier, only their own. When they have regions and no alert yet, the answer offers one
 * for those regions ('Nye opgaver i …'); the UI asks before it creates it.
 */
export async function saveOwnFieldProfile(context: TasksContext, caller: AuthUser, body: CarrierFieldProfileBody): Promise<CarrierFieldProfile> {
  if (caller.role !== 'carrier' || caller.blocked) throw domainError('forbidden');
  await saveFieldProfile(context.db, caller.id, body.vehicles, body.coverageRegions);
  const offer = body.coverageRegions.length > 0 && caller.approved && (await countAlertsOf(context.db, caller.id)) === 0;
  return {
    vehicles: body.vehicles,
    coverageRegions: body.coverageRegions,
    suggestedAlert: offer ? { name: `Nye opgaver i ${body.coverageRegions.map((region) => regionLabels[region]).join(', ')}`, fromRegions: body.coverageRegions } : null,
  };
}

/** GET /carriers?ids=: the bid table's carriers in three queries, whatever their number; unknown ids are left out. */
export async function carrierSummaries(context: TasksContext, ids: readonly number[]): Promise<CarrierSummary[]> {
  const [rows, ratings, completed] = await Promise.all([
    findCarriers(context.db, ids),
    ratingTotals(context.db, ids),
    completedTaskCounts(context.db, ids),
  ]);
  const day = today();
  const byId = new Map(rows.map((row) => [row.user_id, summaryOf(row, ratings.get(row.user_id), completed.get(row.user_id), day)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * GET /carriers/{id}: the public carrier page; no e-mail, phone or address. A carrier awaiting approval, rejected or
 * blocked has none (404, as an unknown one) — except for an admin deciding about them.
 */
export async function carrierProfile(context: TasksContext, caller: AuthUser | null | undefined, carrierId: number): Promise<CarrierProfile> {
  const [row] = await findCarriers(context.db, [carrierId]);
  if (!row || (row.listed === false && caller?.role !== 'admin')) throw domainError('carrier_not_found');
  const [ratings, completed, reviews] = await Promise.all([
    ratingTotals(context.db, [carrierId]),
    completedTaskCounts(context.db, [carrierId]),
    latestReviews(context.db, carrierId, carrierProfileReviewsMax),
  ]);
  return {
    ...summaryOf(row, ratings.get(carrierId), completed.get(carrierId), today()),
    coverageRegions: row.coverage_regions ?? [],
    cvr_number: row.cvr_number,
    member_since: row.member_since ? new Date(row.member_since).toISOString() : null,
    reviews: reviews.map((review) => ({
      id: review.id,
      rating: review.rating,
      comment: review.comment,
      customer_name: review.rater_first_name,
      task_type: review.task_type,
      date: new Date(review.created_at).toISOString(),
    })),
  };
}
