import { eventTypes, internalBidRoundSchema, internalTaskSchema, maxBidsInForce, taskNotificationTitle, type ChatTaskFacts, type TaskTitleFacts, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { causedBy, domainError, isAppError, peerClient } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { ChatContext, Db } from '../context';
import { publishLive } from '../live/publish';
import {
  activeBidsOf,
  deleteBidLimit,
  deleteChatTask,
  findBidLimit,
  findChatTask,
  insertChatTaskIfNew,
  insertCreatedChatTask,
  saveBidLimit,
  saveChatBid,
  upsertChatTask,
  type ChatTaskRow,
  type ProjectedBidStatus,
} from './repo';

type TaskEvent =
  | EventEnvelope<EventPayload<typeof eventTypes.taskCreated>>
  | EventEnvelope<EventPayload<typeof eventTypes.taskUpdated>>
  | EventEnvelope<EventPayload<typeof eventTypes.taskStatusChanged>>
  | EventEnvelope<EventPayload<typeof eventTypes.taskDeleted>>;

type TaskUpdated = EventPayload<typeof eventTypes.taskUpdated>;

type BidEvent =
  | EventEnvelope<EventPayload<typeof eventTypes.bidPlaced>>
  | EventEnvelope<EventPayload<typeof eventTypes.bidUpdated>>
  | EventEnvelope<EventPayload<typeof eventTypes.bidAccepted>>
  | EventEnvelope<EventPayload<typeof eventTypes.bidRejected>>;

/**
 * svc-tasks' task events → chat_tasks (owner, status, assigned carrier, own bid limit, and the type and cities that
 * notification titles name the task by); a status change also goes live to the owner and the assigned carrier
 * (`task.status`, so their pages update), and to the others in a chat about the task (their chat lock).
 */
export async function projectTaskEvent(context: ChatContext, trx: Knex.Transaction, event: TaskEvent): Promise<void> {
  const now = new Date();
  switch (event.type) {
    case eventTypes.taskCreated: {
      const { taskId, userId, status, maxBids, type, fromCity, toCity } = event.data as EventPayload<typeof eventTypes.taskCreated>;
      await insertCreatedChatTask(trx, {
        task_id: taskId,
        owner_id: userId,
        status,
        assigned_carrier_id: null,
        max_bids: maxBids,
        own_max_bids: maxBids,
        type,
        from_city: fromCity,
        to_city: toCity,
      });
      return;
    }
    case eventTypes.taskUpdated: {
      const data = event.data as TaskUpdated;
      await upsertChatTask(trx, { task_id: data.taskId, owner_id: data.userId, status: data.status, type: data.type, ...citiesAfter(data) }, now);
      return;
    }
    case eventTypes.taskStatusChanged: {
      const data = event.data as EventPayload<typeof eventTypes.taskStatusChanged>;
      // The type, and the cities where the event carries them: a task projected before names were kept learns them here.
      const cities = data.fromCity === undefined ? {} : { from_city: data.fromCity, to_city: data.toCity ?? null };
      await upsertChatTask(
        trx,
        { task_id: data.taskId, owner_id: data.userId, status: data.to, assigned_carrier_id: data.assignedCarrierId, type: data.type, ...cities },
        now,
      );
      const told = [data.userId, data.assignedCarrierId];
      await publishLive(context.outbox, trx, told, 'task.status', { taskId: data.taskId, status: data.to, from: data.from }, causedBy(event));
      // A finished task locks every chat about it ('closed'): the others in it learn at once.
      await publishLive(context.outbox, trx, await othersInChat(trx, data.taskId, told), 'task.status', { taskId: data.taskId, status: data.to }, causedBy(event));
      return;
    }
    case eventTypes.taskDeleted:
      await deleteChatTask(trx, event.data.taskId);
      return;
  }
}

/**
 * The cities an edit leaves the task with: as the event tells them; where it does not (an event from before they were
 * added), unknown if the edit changed them — the title falls back rather than name the old route — else untouched.
 */
function citiesAfter({ fromCity, toCity, changed }: TaskUpdated): Partial<Pick<ChatTaskRow, 'from_city' | 'to_city'>> {
  const cities: Partial<Pick<ChatTaskRow, 'from_city' | 'to_city'>> = {};
  if (fromCity !== undefined || changed.includes('from_city')) cities.from_city = fromCity ?? null;
  if (toCity !== undefined || changed.includes('to_city')) cities.to_city = toCity ?? null;
  return cities;
}

const bidStatusAfter: Record<string, ProjectedBidStatus> = {
  [eventTypes.bidPlaced]: 'pending',
  [eventTypes.bidUpdated]: 'pending',
  [eventTypes.bidAccepted]: 'accepted',
  [eventTypes.bidRejected]: 'rejected',
};

/**
 * svc-bids' bid events → chat_task_bids (who holds a slot, who won) and the limit in force; live to the task owner
 * (`bid.placed` / `bid.updated`, so the bid list and count update) and, for a decision, to the bid's carrier; a new,
 * accepted or rejected bid also names the task to the others in a chat about it (their chat lock).
 */
export async function projectBidEvent(context: ChatContext, trx: Knex.Transaction, event: BidEvent): Promise<void> {
  const { bidId, taskId, carrierId, customerId } = event.data;
  const status = bidStatusAfter[event.type];
  if (!status) return;
  await saveChatBid(trx, { bid_id: bidId, task_id: taskId, carrier_id: carrierId, status });
  if (event.type === eventTypes.bidPlaced) {
    const { maxBids } = event.data as EventPayload<typeof eventTypes.bidPlaced>;
    // A bid is only placed on an open task: enough to know the task by, should its own events come later.
    await insertChatTaskIfNew(trx, {
      task_id: taskId,
      owner_id: customerId,
      status: 'open_for_bids',
      assigned_carrier_id: null,
      max_bids: maxBids,
      own_max_bids: null,
      type: null,
      from_city: null,
      to_city: null,
    });
    await upsertChatTask(trx, { task_id: taskId, max_bids: maxBids }, new Date());
  }
  const decided = event.type === eventTypes.bidAccepted || event.type === eventTypes.bidRejected;
  const type = event.type === eventTypes.bidPlaced ? 'bid.placed' : 'bid.updated';
  await publishLive(context.outbox, trx, decided ? [customerId, carrierId] : [customerId], type, { taskId, bidId, status }, causedBy(event));
  // A new bid can fill the last slot, an accepted one closes the round, a rejected one frees a slot: each may lock or
  // unlock the chat of the others in it (spec 6). They hear of the task only, never of another carrier's bid.
  if (event.type !== eventTypes.bidUpdated) {
    await publishLive(context.outbox, trx, await othersInChat(trx, taskId, [customerId, carrierId]), type, { taskId }, causedBy(event));
  }
}

/**
 * Everyone in a chat about the task (who wrote or was written to) and every carrier who bid on it, but those in `told`:
 * whose chat lock an event on the task may change, so that their open chat tab asks again.
 */
async function othersInChat(trx: Knex.Transaction, taskId: number, told: ReadonlyArray<number | null>): Promise<number[]> {
  const rows = (await trx
    .select('sender_id as id')
    .from('chat_messages')
    .where({ task_id: taskId })
    .union((union) => union.select('receiver_id').from('chat_messages').where({ task_id: taskId }))
    .union((union) => union.select('carrier_id').from('chat_task_bids').where({ task_id: taskId }))) as Array<{ id: number }>;
  return rows.map((row) => row.id).filter((id) => !told.includes(id));
}

/**
 * What the lock rules need to know about a task: from the projection, or — for a task no event has told us of yet —
 * asked once of svc-tasks (and remembered). A task nobody knows: 404 'Opgave ikke fundet'.
 */
export async function taskFactsOf(context: ChatContext, taskId: number, requestId?: string): Promise<ChatTaskFacts> {
  const task = (await findChatTask(context.db, taskId)) ?? (await fetchAndRemember(context, taskId, requestId));
  return factsFrom(task, await activeBidsOf(context.db, taskId), await bidLimitOf(context.db, task));
}

/**
 * What the lock rules need to know, as the owners hold it now: svc-tasks (status, owner, assigned carrier) and svc-bids
 * (who holds a slot, who won, whether the round is full). A lock then holds from the moment the write that caused it
 * was answered — the fifth bid, the choice, the task finished — in either topology, however far behind the events
 * are. Without both addresses (svc-chat alone, in its own tests) the projection decides.
 */
export async function currentTaskFactsOf(context: ChatContext, taskId: number, requestId?: string): Promise<ChatTaskFacts> {
  if (!context.config.TASKS_URL || !context.config.BIDS_URL) return taskFactsOf(context, taskId, requestId);
  const tasks = peerClient(context.clients, 'tasks', context.logger);
  const bids = peerClient(context.clients, 'bids', context.logger);
  const [task, round] = await Promise.all([
    tasks.find(internalTaskSchema, `/internal/tasks/${taskId}`, 'task_not_found', requestId),
    bids.get(internalBidRoundSchema, `/internal/tasks/${taskId}/bid-round`, requestId),
  ]);
  if (!task) throw domainError('task_not_found');
  const winnerId = task.assigned_carrier_id ?? round.acceptedCarrierId;
  return {
    status: task.status,
    ownerId: task.user_id,
    accepted: winnerId !== null,
    winnerId,
    atBidLimit: round.atBidLimit,
    bidderIds: round.bidderIds,
  };
}

/**
 * The task's bid limit as svc-bids counts it (spec section 4): its own, else its type's, else the platform's — an
 * admin's later change counts at once — else what its last bid announced, else 5.
 */
async function bidLimitOf(db: Db, task: ChatTaskRow): Promise<number> {
  const type = task.type ? await findBidLimit(db, `type:${task.type}`) : null;
  const platform = (await findBidLimit(db, 'platform')) ?? task.max_bids;
  return maxBidsInForce({ task: task.own_max_bids, type, platform }).maxBids;
}

type BidLimitEvent =
  | EventEnvelope<EventPayload<typeof eventTypes.taskTypeUpdated>>
  | EventEnvelope<EventPayload<typeof eventTypes.taskTypeDeleted>>
  | EventEnvelope<EventPayload<typeof eventTypes.ledgerSettingsUpdated>>;

/** An admin's per-type or platform bid limit → chat_bid_limits, for the 'Max bud nået' lock. */
export async function projectBidLimitEvent(trx: Knex.Transaction, event: BidLimitEvent, now: Date): Promise<void> {
  switch (event.type) {
    case eventTypes.taskTypeUpdated: {
      const { type, maxBids } = event.data as EventPayload<typeof eventTypes.taskTypeUpdated>;
      await saveBidLimit(trx, `type:${type}`, maxBids, now);
      return;
    }
    case eventTypes.taskTypeDeleted:
      await deleteBidLimit(trx, `type:${(event.data as EventPayload<typeof eventTypes.taskTypeDeleted>).type}`);
      return;
    case eventTypes.ledgerSettingsUpdated:
      await saveBidLimit(trx, 'platform', (event.data as EventPayload<typeof eventTypes.ledgerSettingsUpdated>).maxBids, now);
      return;
  }
}

/**
 * What a notification about the task is titled: its type and route as svc-tasks' events told them
 * ('Flytning · Aarhus C → København K'), else as much as is known ('Opgave #12' for a task never heard of). What the
 * event at hand says (`told`) wins over the projection, which another consumer may not have brought up to it yet.
 */
export async function notificationTitleOf(db: Db, taskId: number, told: Partial<TaskTitleFacts> = {}): Promise<string> {
  const task = told.fromCity !== undefined && told.toCity !== undefined && told.type ? undefined : await findChatTask(db, taskId);
  return taskNotificationTitle(taskId, {
    type: told.type ?? task?.type ?? null,
    fromCity: told.fromCity !== undefined ? told.fromCity : (task?.from_city ?? null),
    toCity: told.toCity !== undefined ? told.toCity : (task?.to_city ?? null),
  });
}

function factsFrom(task: ChatTaskRow, activeBids: Array<{ carrier_id: number; status: ProjectedBidStatus }>, limit: number): ChatTaskFacts {
  const acceptedBid = activeBids.find((bid) => bid.status === 'accepted');
  return {
    status: task.status,
    ownerId: task.owner_id,
    accepted: acceptedBid !== undefined,
    winnerId: task.assigned_carrier_id ?? acceptedBid?.carrier_id ?? null,
    atBidLimit: activeBids.length >= limit,
    bidderIds: activeBids.map((bid) => bid.carrier_id),
  };
}

async function fetchAndRemember(context: ChatContext, taskId: number, requestId?: string): Promise<ChatTaskRow> {
  let answer: unknown;
  try {
    answer = await context.clients.get('tasks').get(`/internal/tasks/${taskId}`, { requestId });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw domainError('task_not_found');
    context.logger.warn({ err: error, taskId }, 'svc-tasks could not tell about a task the chat projection has not seen');
    throw domainError('service_unavailable');
  }
  const parsed = internalTaskSchema.safeParse(answer);
  if (!parsed.success) {
    context.logger.error({ taskId, issues: parsed.error.issues }, 'svc-tasks answered outside its contract');
    throw domainError('service_unavailable');
  }
  const task = parsed.data;
  const row: ChatTaskRow = {
    task_id: task.id,
    owner_id: task.user_id,
    status: task.status,
    assigned_carrier_id: task.assigned_carrier_id ?? null,
    max_bids: task.max_bids,
    own_max_bids: task.max_bids,
    // svc-tasks' answer names no cities; the task's created event, when it comes, fills them in.
    type: task.type,
    from_city: null,
    to_city: null,
  };
  await insertChatTaskIfNew(context.db, row);
  return row;
}

/**
 * A task's fragtbrev was changed: the open fragtbrev tabs of the customer and the assigned carrier refetch it (live
 * event `freight_note`), so the other party sees the change without a reload.
 */
export async function tellFreightNoteUpdated(
  context: ChatContext,
  trx: Knex.Transaction,
  event: EventEnvelope<EventPayload<typeof eventTypes.freightNoteUpdated>>,
): Promise<void> {
  const { taskId, userId, assignedCarrierId } = event.data;
  await publishLive(context.outbox, trx, [userId, assignedCarrierId], 'freight_note', { taskId }, causedBy(event));
}
