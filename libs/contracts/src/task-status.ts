import type { Role } from './roles';
import { taskStatuses, type TaskStatus } from './vocabulary';

/** Danish label of every task status, as the browse cards, the detail page and the admin dropdown show it. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  pending_admin_review: 'Afventer godkendelse',
  created: 'Oprettet',
  open_for_bids: 'Åben for bud',
  assigned: 'Tildelt',
  paid: 'Betalt',
  picked_up: 'Afhentet',
  in_transit: 'På vej',
  in_progress: 'I gang',
  delivered: 'Leveret',
  completed: 'Afsluttet',
  cancelled: 'Annulleret',
};

/** The steps of the progress bar at the top of the task page (spec section 2). */
export const taskProgressSteps = [
  'created',
  'open_for_bids',
  'assigned',
  'paid',
  'picked_up',
  'in_transit',
  'delivered',
  'completed',
] as const satisfies readonly TaskStatus[];

/** What an admin may pick from the status dropdown (spec section 4). */
export const adminStatusOptions = [
  'pending_admin_review',
  'open_for_bids',
  'assigned',
  'in_progress',
  'completed',
  'cancelled',
] as const satisfies readonly TaskStatus[];

/** The status filter of the browse form; `active` (list query only) = neither completed nor cancelled. */
export const browseStatusOptions = ['open_for_bids', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;
export const finishedTaskStatuses = ['completed', 'cancelled'] as const satisfies readonly TaskStatus[];

/**
 * A customer may edit the task (and its photos) only before a bid is accepted (spec sections 2 and 4).
 * `in_progress` is set by an admin on a task under way, so it locks editing as well.
 */
export const editableTaskStatuses = ['pending_admin_review', 'created', 'open_for_bids'] as const satisfies readonly TaskStatus[];
export const isTaskEditable = (status: TaskStatus): boolean =>
  (editableTaskStatuses as readonly TaskStatus[]).includes(status);

/** The caller's relation to the task: its owner, the carrier it is assigned to, or neither. */
export type TaskRelation = 'owner' | 'assigned_carrier' | 'none';
/** `system` = another service acting on an event (bid accepted → assigned, payment succeeded → paid). */
export type TransitionActor = Role | 'system';

export interface TaskTransitionRule {
  from: readonly TaskStatus[] | '*';
  to: TaskStatus;
  /** Who may make it; an actor with a relation listed must also have that relation to the task. */
  actors: readonly { actor: TransitionActor; relation?: TaskRelation }[];
}

const allStatuses = taskStatuses;

/**
 * The task state machine as data (spec section 4). Customers move tasks through bids, payments and deletion
 * requests (other endpoints); carriers walk the pickup → delivery → completion steps on tasks assigned to them;
 * an admin may set any status of the dropdown from any status, and may also do the carrier's steps.
 */
export const taskTransitions: readonly TaskTransitionRule[] = [
  // New tasks start open for bids; created / pending review move on when released.
  { from: ['created', 'pending_admin_review'], to: 'open_for_bids', actors: [{ actor: 'system' }] },
  // A bid is accepted (svc-bids), the accepted bid is paid (svc-payments).
  { from: ['open_for_bids'], to: 'assigned', actors: [{ actor: 'system' }] },
  // `paid` follows only from the payment event (svc-tasks' payment projection), never from a client — admins included.
  { from: ['assigned'], to: 'paid', actors: [{ actor: 'system' }] },
  // The assigned carrier's steps (proof modals, or the direct status change they fall back to).
  {
    from: ['assigned', 'paid'],
    to: 'picked_up',
    actors: [{ actor: 'carrier', relation: 'assigned_carrier' }, { actor: 'admin' }],
  },
  { from: ['picked_up'], to: 'in_transit', actors: [{ actor: 'carrier', relation: 'assigned_carrier' }, { actor: 'admin' }] },
  {
    from: ['picked_up', 'in_transit', 'in_progress'],
    to: 'delivered',
    actors: [{ actor: 'carrier', relation: 'assigned_carrier' }, { actor: 'admin' }],
  },
  { from: ['delivered'], to: 'completed', actors: [{ actor: 'carrier', relation: 'assigned_carrier' }] },
  // A deletion request approved (svc-tasks itself) cancels the task.
  { from: allStatuses.filter((s) => s !== 'cancelled'), to: 'cancelled', actors: [{ actor: 'system' }] },
  // The admin dropdown: any of its statuses from anywhere.
  ...adminStatusOptions.map((to) => ({ from: '*' as const, to, actors: [{ actor: 'admin' as const }] })),
];

/** What of the task, beyond its status, decides a transition. */
export interface TaskTransitionFacts {
  /** The task is paid (svc-tasks' `paid_at`). Unknown (undefined) = the money rules are not applied. */
  paid?: boolean;
}

/** The statuses a task has before it is paid; in `assigned` the customer is asked to pay ('Betal … DKK'). */
export const statusesBeforePayment = ['pending_admin_review', 'created', 'open_for_bids', 'assigned'] as const satisfies readonly TaskStatus[];

/**
 * Why the money in a task refuses a move, whoever asks (admins included), or null. The only ways money leaves a
 * paid task are documented in docs/money.md: cancelling refunds the card; after completion, a ledger adjustment.
 * - `task_paid`: a paid task never goes back to a status that asks for payment (the customer would be asked to pay
 *   again, and the accepted bid or the carrier could be dropped while the payment stays booked);
 * - `task_completed`: a completed task is final — the carrier has earned the payout (and may have been paid it);
 * - `task_refunded`: a paid task that was cancelled has been refunded; reopening it would let a refunded job be
 *   completed and paid out;
 * - `task_unpaid`: a task cannot reach `completed` unpaid.
 */
export type TaskMoneyRefusal = 'task_paid' | 'task_completed' | 'task_refunded' | 'task_unpaid';
export function moneyRefusal(from: TaskStatus, to: TaskStatus, facts: TaskTransitionFacts): TaskMoneyRefusal | null {
  if (facts.paid === true) {
    if (from === 'completed') return 'task_completed';
    if (from === 'cancelled') return 'task_refunded';
    if ((statusesBeforePayment as readonly TaskStatus[]).includes(to)) return 'task_paid';
  }
  if (facts.paid === false && to === 'completed') return 'task_unpaid';
  return null;
}

/** Kept for callers that ask the narrower question: would this move drop a paid task's job? */
export const leavesPaymentWithoutJob = (to: TaskStatus, facts: TaskTransitionFacts): boolean =>
  facts.paid === true && (statusesBeforePayment as readonly TaskStatus[]).includes(to);

/** A paid, completed task is not cancelled: the carrier has earned the payout; money back is a ledger adjustment. */
export const refundsCompletedJob = (from: TaskStatus, to: TaskStatus, facts: TaskTransitionFacts): boolean =>
  facts.paid === true && from === 'completed' && to === 'cancelled';

/**
 * May `actor` (with `relation` to the task) move it from `from` to `to`? Pure, for browser and server alike.
 * A move to the status it already has is never a transition.
 */
export function canTransition(
  from: TaskStatus,
  to: TaskStatus,
  actor: TransitionActor,
  relation: TaskRelation = 'none',
  facts: TaskTransitionFacts = {},
): boolean {
  if (from === to) return false;
  if (moneyRefusal(from, to, facts) !== null) return false;
  return taskTransitions.some(
    (rule) =>
      rule.to === to &&
      (rule.from === '*' || rule.from.includes(from)) &&
      rule.actors.some((a) => a.actor === actor && (a.relation === undefined || a.relation === relation)),
  );
}

/** The statuses `actor` may move a task in status `from` to (e.g. for the buttons or the dropdown). */
export function allowedNextStatuses(
  from: TaskStatus,
  actor: TransitionActor,
  relation: TaskRelation = 'none',
  facts: TaskTransitionFacts = {},
): TaskStatus[] {
  return taskStatuses.filter((to) => canTransition(from, to, actor, relation, facts));
}

/**
 * The statuses PATCH /tasks/{id}/status accepts for this task from a caller with `role` (and `relation` to it):
 * the one source for the admin's status menu and the carrier's step buttons. Admin: the dropdown statuses and the
 * carrier's steps, minus every move the money in the task refuses (`moneyRefusal`).
 */
export function allowedStatusTargets(
  task: { status: TaskStatus; paid_at?: string | Date | null },
  role: Role,
  relation: TaskRelation = 'none',
): TaskStatus[] {
  return allowedNextStatuses(task.status, role, relation, { paid: task.paid_at !== null && task.paid_at !== undefined });
}
