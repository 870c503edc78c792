import {
  canTransition,
  defaultPlatformSettings,
  detailsSchemaFor,
  eventTypes,
  finishedTaskStatuses,
  isTaskEditable,
  moneyRefusal,
  messages,
  todayInDenmark,
  parsePostalCity,
  taskStatuses,
  typesRequiringDescription,
  type AuthUser,
  type CreateTaskBody,
  type EventPayload,
  type Task,
  type TaskListQuery,
  type TaskStatus,
  type TaskStatusChangeBody,
  type TasksPage,
  type UpdateTaskBody,
} from '@fragtbud/contracts';
import { domainError, isKnownAsOtherRole, parseInput } from '@fragtbud/platform';
import type { Db, EventMeta, TasksContext } from '../context';
import {
  countTasksWithStatus,
  deleteTask,
  findTaskById,
  insertTask,
  listTasks,
  lockTaskById,
  updateTask,
  type TaskListFilter,
  type TaskPageKey,
  type TaskPatch,
  type TaskRow,
} from './repo';
import { relationOf, seesFullTask, taskJsonFor, toTaskJson } from './task-json';
import { carrierOf, namesOf } from '../user-directory';
import { lockFreightNoteAtDelivery } from '../freight-notes/service';
import { searchOf } from './search';
import { guestLinkState, issueGuestLink } from '../guest-access';

const notFound = () => domainError('task_not_found');
const forbidden = () => domainError('forbidden');

/** A task awaiting admin review is no one's business but its owner's and the admins'. */
function mayKnowOf(caller: AuthUser | null, row: TaskRow): boolean {
  return row.status !== 'pending_admin_review' || seesFullTask(caller, row);
}

// ---- create ----

export async function createTask(context: TasksContext, caller: AuthUser | null, body: CreateTaskBody, meta: EventMeta): Promise<Task> {
  if (caller?.role === 'carrier') {
    throw domainError('carriers_cannot_create_tasks');
  }
  if (caller?.blocked) throw forbidden();
  const from = placeOf(body.from_address, body.from_postal_code, body.from_city);
  const to = placeOf(body.to_address, body.to_postal_code, body.to_city);
  const details = body.details as Record<string, unknown>;
  const detailsPhone = typeof details.contactPhone === 'string' ? details.contactPhone : null;
  const now = new Date();

  const stored = await context.db.transaction(async (trx) => {
    const created = await insertTask(
      trx,
      {
        user_id: caller?.id ?? null,
        is_guest: caller === null,
        type: body.type,
        // A new task is open for bids at once; `created` exists as a status but tasks do not wait in it.
        status: 'open_for_bids',
        from_address: body.from_address,
        to_address: body.to_address,
        from_postal_code: from.postalCode,
        from_city: from.city,
        to_postal_code: to.postalCode,
        to_city: to.city,
        description: body.description,
        details,
        preferred_pickup_date: body.preferred_pickup_date,
        preferred_delivery_date: body.preferred_delivery_date,
        time_frame_start: body.time_frame_start,
        time_frame_end: body.time_frame_end,
        is_flexible: body.is_flexible,
        contact_email: body.contact_email,
        contact_phone: body.contact_phone ?? detailsPhone,
        images: body.images,
      },
      now,
    );
    await context.outbox.add(
      trx,
      eventTypes.taskCreated,
      {
        taskId: created.id,
        userId: created.user_id,
        type: created.type,
        status: created.status,
        isGuest: created.is_guest,
        fromPostalCode: created.from_postal_code,
        fromCity: created.from_city,
        toPostalCode: created.to_postal_code,
        toCity: created.to_city,
        maxBids: created.max_bids,
        createdBy: caller?.id ?? null,
      } satisfies EventPayload<typeof eventTypes.taskCreated>,
      meta,
    );
    const accessToken = await issueGuestLink(trx, context, created, meta);
    return { created, accessToken };
  });
  // The creator sees what they just sent, guests included; a guest also the private link's token, this once.
  const task = toTaskJson(stored.created, 'full');
  return stored.accessToken ? { ...task, access_token: stored.accessToken } : task;
}

/** Postal code and city as the suggestion gave them, else read from the address text. */
function placeOf(address: string, postalCode: string | undefined, city: string | undefined) {
  const parsed = parsePostalCity(address);
  return { postalCode: postalCode ?? parsed.postalCode, city: city ?? parsed.city };
}

// ---- read ----

async function hasBidOn(db: TasksContext['db'], taskId: number, carrierId: number): Promise<boolean> {
  return (await db('task_bidders').where({ task_id: taskId, carrier_id: carrierId }).first()) !== undefined;
}

export async function getTask(context: TasksContext, caller: AuthUser, taskId: number): Promise<Task> {
  const row = await findTaskById(context.db, taskId);
  if (!row || !mayKnowOf(caller, row)) throw notFound();
  const task = taskJsonFor(caller, row);
  if (task.view !== 'full') {
    // A carrier who has bid may write to the customer (spec 6, chat), so the task names its owner to them; anyone
    // else's public view names nobody.
    if (caller.role === 'carrier' && row.user_id !== null && (await hasBidOn(context.db, row.id, caller.id))) {
      return { ...task, user_id: row.user_id };
    }
    return task;
  }
  return withAssignedCarrier(context, row, task);
}

/** The full view names the assigned carrier with their contact details (spec section 3); the public view never does. */
async function withAssignedCarrier(context: TasksContext, row: TaskRow, task: Task): Promise<Task> {
  if (task.view !== 'full') return task;
  return { ...task, assigned_carrier: await carrierOf(context.db, row.assigned_carrier_id) };
}

/**
 * GET /tasks/{id}?access= (guest follow-up): the token of the guest's mailed link gives the owner's view, read-only
 * (every change still needs the owner's session). Null when the caller's own view is the full one (the owner once the
 * task is claimed, an admin) or, signed in, the token is wrong: the caller then gets what their session shows. Without
 * a session a wrong token gives only what anyone may see of the task.
 */
export async function getTaskByGuestLink(context: TasksContext, caller: AuthUser | null, taskId: number, token: string): Promise<Task | null> {
  const row = await findTaskById(context.db, taskId);
  if (!row) throw notFound();
  if (caller && seesFullTask(caller, row)) return null;
  const link = await guestLinkState(context.db, taskId, token);
  if (link === 'open') return withAssignedCarrier(context, row, toTaskJson(row, 'full'));
  // The task is an account's now: the old link shows nothing of it, and says where it went.
  if (link === 'claimed') throw domainError('guest_link_claimed');
  if (caller) return null;
  if (!mayKnowOf(null, row)) throw notFound();
  return taskJsonFor(null, row);
}

export async function findTasks(context: TasksContext, caller: AuthUser | null, query: TaskListQuery): Promise<TasksPage> {
  if (query.mine && !caller) throw domainError('unauthorized');
  const filter: TaskListFilter = {};

  if (query.status === 'active') filter.excludeStatuses = finishedTaskStatuses;
  else if (query.status) filter.statuses = [query.status];
  if (query.type) filter.type = query.type;
  if (query.flexible) filter.flexible = true;
  if (query.dateFrom) filter.createdFrom = new Date(`${query.dateFrom}T00:00:00.000Z`);
  if (query.dateTo) filter.createdBefore = new Date(new Date(`${query.dateTo}T00:00:00.000Z`).getTime() + 24 * 3600 * 1000);
  // The lowest bid is a customer total: nobody may narrow down by filtering one they are not shown (seesLowestBid) —
  // carriers filter by no price; visitors only among tasks open for bids, another customer among those and their own.
  if (caller?.role !== 'carrier' && (query.minPrice !== undefined || query.maxPrice !== undefined)) {
    if (query.minPrice !== undefined) filter.minLowestBidOre = Math.round(query.minPrice * 100);
    if (query.maxPrice !== undefined) filter.maxLowestBidOre = Math.round(query.maxPrice * 100);
    if (caller?.role !== 'admin') filter.priceVisibleTo = caller?.id ?? null;
  }
  if (query.available) {
    filter.available = {
      carrierId: caller?.role === 'carrier' ? caller.id : null,
      defaultMaxBids: defaultPlatformSettings.maxBids,
    };
  }
  if (query.mine && caller) {
    if (caller.role === 'carrier') filter.involvedCarrierId = caller.id;
    else filter.ownerId = caller.id;
  }
  if (caller?.role !== 'admin') filter.hidePendingReviewExceptOwner = caller?.id ?? null;

  // Street addresses are searchable only by those who may see them: admins, and customers among their own tasks.
  const searchesFullText = caller?.role === 'admin' || (filter.ownerId !== undefined && caller?.role === 'customer');
  if (query.q) filter.search = searchOf(query.q, searchesFullText ? 'search_full' : 'search_public');

  const position = (query.page - 1) * query.limit;
  const after = query.after ? pageKeyOf(query.after) : undefined;
  const { rows, total, totalIsEstimate, nextKey } = await listTasks(context.db, filter, {
    offset: position,
    limit: query.limit,
    position,
    ...(after ? { after } : {}),
  });
  return {
    items: caller?.role === 'admin' ? await withPeople(context, rows.map((row) => taskJsonFor(caller, row))) : rows.map((row) => taskJsonFor(caller, row)),
    total,
    totalIsEstimate,
    nextCursor: nextKey ? `${nextKey.createdAtMicros}_${nextKey.id}` : null,
    page: query.page,
    limit: query.limit,
  };
}

/** An admin's list names each task's customer and assigned carrier: one directory query for the page. */
async function withPeople(context: TasksContext, items: Task[]): Promise<Task[]> {
  const names = await namesOf(context.db, items.flatMap((task) => [task.user_id, task.assigned_carrier_id]));
  const person = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return items.map((task) => ({ ...task, customer: person(task.user_id), assigned_carrier: person(task.assigned_carrier_id) }));
}

/** `<micros>_<id>` (the contract checked its shape) → the key the repo continues after. */
function pageKeyOf(cursor: string): TaskPageKey {
  const [createdAtMicros = '0', id = '0'] = cursor.split('_');
  if (Number(id) > 2_147_483_647) throw domainError('invalid_input', { variant: 'invalidPageCursor', details: [{ path: 'after', message: messages.invalidPageCursor }] });
  return { createdAtMicros, id: Number(id) };
}

export async function countPendingReview(context: TasksContext): Promise<number> {
  return countTasksWithStatus(context.db, 'pending_admin_review');
}

// ---- update ----

export async function changeTask(
  context: TasksContext,
  caller: AuthUser,
  taskId: number,
  body: UpdateTaskBody,
  meta: EventMeta,
): Promise<Task> {
  const row = await context.db.transaction(async (trx) => {
    const current = await lockTaskById(trx, taskId);
    if (!current || !mayKnowOf(caller, current)) throw notFound();
    const isAdmin = caller.role === 'admin';
    if (!isAdmin && relationOf(caller, current) !== 'owner') throw forbidden();
    if (!isAdmin && !isTaskEditable(current.status)) {
      throw domainError('task_not_editable');
    }
    if (body.images !== undefined && !isTaskEditable(current.status) && !sameList(body.images, current.images)) {
      throw domainError('task_images_locked');
    }

    const patch = patchOf(current, body);
    const changed = (Object.keys(patch) as (keyof TaskPatch)[]).filter((key) => !sameValue(patch[key], current[key]));
    if (changed.length === 0) return current;
    const updated = await updateTask(trx, taskId, patch, new Date());
    await context.outbox.add(
      trx,
      eventTypes.taskUpdated,
      {
        taskId,
        userId: updated.user_id,
        type: updated.type,
        status: updated.status,
        changed,
        updatedBy: caller.id,
        fromCity: updated.from_city,
        toCity: updated.to_city,
      } satisfies EventPayload<typeof eventTypes.taskUpdated>,
      meta,
    );
    return updated;
  });
  return taskJsonFor(caller, row);
}

/** The row's new values, checked as a whole: details against the (new) type, description, date order. */
function patchOf(current: TaskRow, body: UpdateTaskBody): TaskPatch {
  const patch: TaskPatch = {};
  const type = body.type ?? current.type;
  if (body.type !== undefined) patch.type = body.type;
  if (body.details !== undefined || type !== current.type) {
    patch.details = parseInput(detailsSchemaFor(type), body.details ?? current.details, { pathPrefix: ['details'] }) as Record<string, unknown>;
  }
  if (body.from_address !== undefined || body.from_postal_code !== undefined || body.from_city !== undefined) {
    const address = body.from_address ?? current.from_address;
    const place = placeOf(address, body.from_postal_code, body.from_city);
    Object.assign(patch, { from_address: address, from_postal_code: place.postalCode, from_city: place.city });
  }
  if (body.to_address !== undefined || body.to_postal_code !== undefined || body.to_city !== undefined) {
    const address = body.to_address ?? current.to_address;
    const place = placeOf(address, body.to_postal_code, body.to_city);
    Object.assign(patch, { to_address: address, to_postal_code: place.postalCode, to_city: place.city });
  }
  if (body.description !== undefined) patch.description = body.description;
  const description = patch.description ?? current.description;
  if (typesRequiringDescription.includes(type) && description.trim() === '') {
    throw domainError('invalid_input', { variant: 'descriptionRequired', details: [{ path: 'description', message: messages.descriptionRequired }] });
  }
  for (const key of ['preferred_pickup_date', 'preferred_delivery_date', 'time_frame_start', 'time_frame_end', 'contact_email', 'contact_phone'] as const) {
    if (body[key] !== undefined) patch[key] = body[key];
  }
  if (body.is_flexible !== undefined) patch.is_flexible = body.is_flexible;
  if (body.images !== undefined) patch.images = body.images;

  if (typeof patch.preferred_pickup_date === 'string' && patch.preferred_pickup_date !== current.preferred_pickup_date && patch.preferred_pickup_date < todayInDenmark()) {
    throw domainError('invalid_input', { variant: 'pickupDateInPast', details: [{ path: 'preferred_pickup_date', message: messages.pickupDateInPast }] });
  }
  const pickup = patch.preferred_pickup_date !== undefined ? patch.preferred_pickup_date : current.preferred_pickup_date;
  const delivery = patch.preferred_delivery_date !== undefined ? patch.preferred_delivery_date : current.preferred_delivery_date;
  if (pickup && delivery && delivery < pickup) {
    throw domainError('invalid_input', { variant: 'deliveryBeforePickup', details: [
      { path: 'preferred_delivery_date', message: messages.deliveryBeforePickup },
    ] });
  }
  const start = patch.time_frame_start !== undefined ? patch.time_frame_start : current.time_frame_start;
  const end = patch.time_frame_end !== undefined ? patch.time_frame_end : current.time_frame_end;
  if (start && end && end <= start) {
    throw domainError('invalid_input', { variant: 'timeFrameOrder', details: [{ path: 'time_frame_end', message: messages.timeFrameOrder }] });
  }
  return patch;
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

// ---- delete ----

export async function removeTask(context: TasksContext, caller: AuthUser, taskId: number, meta: EventMeta): Promise<void> {
  await context.db.transaction(async (trx) => {
    const row = await lockTaskById(trx, taskId);
    if (!row) throw notFound();
    // A paid task's money (payment, refund, the carrier's payout) is booked against it: deleting it would take the
    // customer's money with it unrefunded and leave ledger rows about a task nobody can open. Cancelling refunds.
    if (row.paid_at) throw domainError('task_paid', { variant: 'notDeletable' });
    await deleteTask(trx, taskId);
    await context.outbox.add(
      trx,
      eventTypes.taskDeleted,
      { taskId, userId: row.user_id, deletedBy: caller.id } satisfies EventPayload<typeof eventTypes.taskDeleted>,
      meta,
    );
  });
}

// ---- status ----

export async function changeStatus(
  context: TasksContext,
  caller: AuthUser,
  taskId: number,
  body: TaskStatusChangeBody,
  meta: EventMeta,
): Promise<Task> {
  const row = await context.db.transaction(async (trx) => {
    const current = await lockTaskById(trx, taskId);
    if (!current || !mayKnowOf(caller, current)) throw notFound();
    const relation = relationOf(caller, current);
    const isAdmin = caller.role === 'admin';
    if (!isAdmin && relation === 'none') throw forbidden();
    if (body.updates?.assigned_carrier_id !== undefined && !isAdmin) throw forbidden();
    await refuseNonCarrier(trx, body.updates?.assigned_carrier_id);

    const to = body.status;
    // Setting the status it already has (a retried step) changes nothing.
    if (to === current.status) return current;
    if (!canTransition(current.status, to, caller.role, relation)) {
      // A move this caller may make from some other status is refused by the task's state; otherwise by the role.
      const everAllowed = taskStatuses.some((from) => canTransition(from, to, caller.role, relation));
      if (!everAllowed) throw forbidden();
      throw domainError('status_change_not_allowed');
    }
    return applyStatus(trx, context, caller, current, to, body.updates ?? {}, meta);
  });
  return taskJsonFor(caller, row);
}

/**
 * An admin's typed carrier id must name a carrier: a customer's or an admin's id would leave the task assigned to
 * someone who can never pick it up.
 */
async function refuseNonCarrier(trx: Db, carrierId: number | null | undefined): Promise<void> {
  if (carrierId === null || carrierId === undefined) return;
  if (await isKnownAsOtherRole(trx, carrierId, 'carrier')) {
    throw domainError('not_a_carrier', { details: [{ path: 'updates.assigned_carrier_id', message: messages.notACarrier }] });
  }
}

function refuseByMoney(from: TaskStatus, to: TaskStatus, paid: boolean): void {
  switch (moneyRefusal(from, to, { paid })) {
    case null:
      return;
    case 'task_unpaid':
      throw domainError('task_unpaid');
    case 'task_paid':
      throw domainError('task_paid');
    case 'task_completed':
      throw domainError('task_completed', to === 'cancelled' ? { variant: 'notCancellable' } : {});
    case 'task_refunded':
      throw domainError('task_refunded');
  }
}

/** Sets the status (with pickup_at / delivered_at) and writes tasks.task.status_changed, inside `trx`. Also used by proofs and deletion requests. */
export async function applyStatus(
  trx: Db,
  context: TasksContext,
  caller: AuthUser,
  current: TaskRow,
  to: TaskStatus,
  updates: NonNullable<TaskStatusChangeBody['updates']>,
  meta: EventMeta,
): Promise<TaskRow> {
  // The money in the task decides, whoever asks, admins included (docs/money.md): a paid task never goes back to a
  // status that asks for payment, a completed or refunded one is final, and nothing is completed unpaid.
  const paid = current.paid_at !== null;
  refuseByMoney(current.status, to, paid);
  const now = new Date();
  const patch: TaskPatch = { status: to };
  if (to === 'picked_up') patch.pickup_at = updates.pickup_at ? new Date(updates.pickup_at) : now;
  if (to === 'delivered') patch.delivered_at = updates.delivered_at ? new Date(updates.delivered_at) : now;
  if (updates.assigned_carrier_id !== undefined) patch.assigned_carrier_id = updates.assigned_carrier_id;
  // Back to before a bid was accepted (admin): nobody is assigned any more.
  else if (!isTaskEditable(current.status) && isTaskEditable(to)) patch.assigned_carrier_id = null;
  // A paid task keeps its job and its carrier; only cancelling (which refunds) lets go of them.
  const dropsCarrier = current.assigned_carrier_id !== null && patch.assigned_carrier_id === null;
  if (paid && to !== 'cancelled' && dropsCarrier) {
    throw domainError('task_paid');
  }
  const updated = await updateTask(trx, current.id, patch, now);
  if (to === 'delivered') await lockFreightNoteAtDelivery(trx, caller, updated, now);
  {
    await context.outbox.add(
      trx,
      eventTypes.taskStatusChanged,
      {
        taskId: current.id,
        userId: current.user_id,
        type: current.type,
        from: current.status,
        to,
        assignedCarrierId: updated.assigned_carrier_id,
        changedBy: caller.id,
        fromCity: updated.from_city,
        toCity: updated.to_city,
      } satisfies EventPayload<typeof eventTypes.taskStatusChanged>,
      meta,
    );
  }
  return updated;
}
