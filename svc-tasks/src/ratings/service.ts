import {
  eventTypes,
  firstNameOf,
  messages,
  type AuthUser,
  type CreateRatingBody,
  type EventPayload,
  type Rating,
  type RatingListQuery,
  type RatingUserType,
} from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { EventMeta, TasksContext } from '../context';
import { findTaskById } from '../tasks/repo';
import { relationOf } from '../tasks/task-json';

interface RatingRow {
  id: number;
  task_id: number;
  task_type: string;
  customer_id: number;
  carrier_id: number;
  user_type: RatingUserType;
  rater_id: number;
  rater_first_name: string | null;
  rating: number;
  comment: string | null;
  is_test: boolean;
  created_at: Date;
}

/** At most this many ratings in one list answer (newest first). */
const listCap = 200;

/** Took part in the rated task, or an admin: sees which task and which customer; anyone else only names. */
const isInvolved = (caller: AuthUser, row: RatingRow) =>
  caller.role === 'admin' || caller.id === row.customer_id || caller.id === row.carrier_id;

function toJson(row: RatingRow, caller: AuthUser): Rating {
  const at = new Date(row.created_at).toISOString();
  const involved = isInvolved(caller, row);
  return {
    id: row.id,
    task_id: involved ? row.task_id : null,
    customer_id: involved ? row.customer_id : null,
    carrier_id: row.carrier_id,
    user_type: row.user_type,
    rating: row.rating,
    comment: row.comment,
    is_test: row.is_test,
    date: at,
    created_at: at,
    customer_name: row.user_type === 'customer' ? row.rater_first_name : null,
    carrier_name: row.user_type === 'carrier' ? row.rater_first_name : null,
  };
}

/** The owner rates the carrier, the assigned carrier rates the customer; only on completed tasks; once each. */
export async function createRating(context: TasksContext, caller: AuthUser, body: CreateRatingBody, meta: EventMeta): Promise<Rating> {
  const task = await findTaskById(context.db, body.taskId);
  if (!task || (task.status === 'pending_admin_review' && relationOf(caller, task) === 'none' && caller.role !== 'admin')) {
    throw domainError('task_not_found');
  }
  const relation = relationOf(caller, task);
  if (relation === 'none') throw domainError('forbidden');
  const userType: RatingUserType = relation === 'owner' ? 'customer' : 'carrier';
  if (body.userType !== undefined && body.userType !== userType) {
    throw domainError('invalid_input', { variant: 'ratingUserTypeInvalid', details: [{ path: 'userType', message: messages.ratingUserTypeInvalid }] });
  }
  if (task.status !== 'completed' || task.assigned_carrier_id === null || task.user_id === null) {
    throw domainError('task_not_completed');
  }

  return context.db.transaction(async (trx) => {
    const [row] = (await trx('ratings')
      .insert({
        task_id: task.id,
        task_type: task.type,
        customer_id: task.user_id,
        carrier_id: task.assigned_carrier_id,
        user_type: userType,
        rater_id: caller.id,
        rater_first_name: firstNameOf(caller.name),
        rating: body.rating,
        comment: body.comment ?? null,
        is_test: task.is_test,
        created_at: new Date(),
      })
      .onConflict(['task_id', 'user_type'])
      .ignore()
      .returning('*')) as RatingRow[];
    if (!row) throw domainError('rating_exists');
    await context.outbox.add(
      trx,
      eventTypes.ratingCreated,
      {
        ratingId: row.id,
        taskId: row.task_id,
        customerId: row.customer_id,
        carrierId: row.carrier_id,
        userType: row.user_type,
        rating: row.rating,
      } satisfies EventPayload<typeof eventTypes.ratingCreated>,
      meta,
    );
    return toJson(row, caller);
  });
}

/** GET /ratings: admins any; others only ratings of tasks they took part in (as customer or carrier). */
export async function listRatings(context: TasksContext, caller: AuthUser, query: RatingListQuery): Promise<Rating[]> {
  const q = context.db('ratings').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(listCap);
  if (query.taskId !== undefined) q.where({ task_id: query.taskId });
  if (query.userId !== undefined) {
    const userId = query.userId;
    q.where((w: Knex.QueryBuilder) => w.where({ customer_id: userId }).orWhere({ carrier_id: userId }));
  }
  if (query.userType !== undefined) q.where({ user_type: query.userType });
  if (caller.role !== 'admin') q.where((w: Knex.QueryBuilder) => w.where({ customer_id: caller.id }).orWhere({ carrier_id: caller.id }));
  return ((await q) as RatingRow[]).map((row) => toJson(row, caller));
}

/** Ratings a carrier received (from customers), newest first; which task and customer only to those involved. */
export async function carrierRatings(context: TasksContext, caller: AuthUser, carrierId: number): Promise<Rating[]> {
  const rows = (await context.db('ratings')
    .where({ carrier_id: carrierId, user_type: 'customer' })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(listCap)) as RatingRow[];
  return rows.map((row) => toJson(row, caller));
}

/** {avg (one decimal, 0 when none), count} of the ratings a carrier received. */
export async function carrierSummary(context: TasksContext, carrierId: number): Promise<{ avg: number; count: number }> {
  const row = (await context.db('ratings')
    .where({ carrier_id: carrierId, user_type: 'customer' })
    .select(context.db.raw('count(*) as count'), context.db.raw('avg(rating)::float8 as avg'))
    .first()) as { count: number | string; avg: number | string | null } | undefined;
  const count = Number(row?.count ?? 0);
  const avg = row?.avg === null || row?.avg === undefined ? 0 : Math.round(Number(row.avg) * 10) / 10;
  return { avg: count === 0 ? 0 : avg, count };
}

/** Home-page reviews: rating > 0, comment of 6+ characters, not test tasks, newest first; first name and task type only. */
/** The home page's 'what our customers say': customers' ratings of carriers only, never carriers' ratings of them. */
export async function publicRatings(context: TasksContext, limit: number) {
  const rows = (await context.db('ratings')
    .where({ user_type: 'customer' })
    .andWhere('rating', '>', 0)
    .andWhere({ is_test: false })
    .whereNotNull('comment')
    .andWhereRaw('char_length(btrim(comment)) >= 6')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(limit)) as RatingRow[];
  return rows.map((row) => {
    const at = new Date(row.created_at).toISOString();
    return {
      id: row.id,
      rating: row.rating,
      comment: (row.comment ?? '').trim(),
      user_type: row.user_type,
      customer_name: row.user_type === 'customer' ? row.rater_first_name : null,
      carrier_name: row.user_type === 'carrier' ? row.rater_first_name : null,
      task_type: row.task_type,
      date: at,
      created_at: at,
    };
  });
}
