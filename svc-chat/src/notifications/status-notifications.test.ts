/**
 * Notifications from task events: svc-tasks' `tasks.task.status_changed` put on the bus as svc-tasks writes it, and
 * the rows svc-chat makes of it — the owner's status update in the spec's Danish, the review requests on
 * completion, nothing for `created` or a guest's task, and never twice for one event. Titles name the task by its
 * type and route as svc-tasks' created and updated events told them, else by its number.
 */
import { randomUUID } from 'node:crypto';
import {
  eventTypes,
  reviewRequestTexts,
  taskStatusNotificationTexts,
  type EventEnvelope,
  type EventPayload,
  type TaskStatus,
} from '@fragtbud/contracts';
import { handleOnce, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bidAccepted,
  bidPlaced,
  bidRejected,
  drain,
  newTaskId,
  notificationsOf,
  projectedTaskWhen,
  rowsOf,
  rowsWhen,
  startChat,
  statusChange,
  taskCreated,
  user,
  type StartedChat,
} from '../test-harness';
import { notificationConsumers, notificationDurables } from './consumers';

let chat: StartedChat;

beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => {
  await chat?.close();
});

const spec: Array<[TaskStatus, TaskStatus, string, 'info' | 'success' | 'error']> = [
  ['open_for_bids', 'assigned', 'Carrier er tildelt opgaven', 'success'],
  ['assigned', 'paid', 'Betaling bekræftet - opgaven er klar til afhentning', 'success'],
  ['paid', 'picked_up', 'Varerne er afhentet', 'info'],
  ['picked_up', 'in_transit', 'Varerne er på vej', 'info'],
  ['in_transit', 'delivered', 'Varerne er leveret', 'success'],
  ['assigned', 'cancelled', 'Opgaven er annulleret', 'error'],
];

it('runs on the database and bus the environment names (PGlite + in-process, or PostgreSQL + NATS)', () => {
  const expected = `${process.env.TEST_DATABASE_URL ? 'pg' : 'pglite'}+${process.env.NATS_URL ? 'nats' : 'in-process'}`;
  expect(chat.infra.kind).toBe(expected);
  expect(chat.infra.bus.kind).toBe(process.env.NATS_URL ? 'nats' : 'in-process');
});

describe('status-update notifications for the task owner', () => {
  it('uses the spec texts verbatim', () => {
    expect(taskStatusNotificationTexts).toEqual({
      paid: 'Betaling bekræftet - opgaven er klar til afhentning',
      assigned: 'Carrier er tildelt opgaven',
      picked_up: 'Varerne er afhentet',
      in_transit: 'Varerne er på vej',
      delivered: 'Varerne er leveret',
      completed: 'Opgaven er afsluttet',
      cancelled: 'Opgaven er annulleret',
    });
  });

  it.each(spec)('when a task goes from %s to %s, then its owner gets "%s" (%s) and nobody else anything but the carrier of a paid task', async (from, to, text, type) => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id));
    await projectedTaskWhen(chat, taskId, (task) => task.type === 'moving');
    const event = await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(taskId, owner.id, from, to, { assignedCarrierId: carrier.id, changedBy: carrier.id }),
    );
    const [row] = await rowsWhen(chat, owner.id, 1);
    expect(row).toMatchObject({
      user_id: owner.id,
      task_id: taskId,
      type,
      kind: 'task_status',
      title: 'Flytning · Aarhus C → København K',
      message: text,
      subject: 'Statusopdatering',
      read_at: null,
      source_event_id: event.id,
    });
    expect(row.data).toMatchObject({ body: text, taskId, status: to, from });

    const listed = await notificationsOf(chat, owner, '?unread=1&limit=5');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: row.id,
      task_id: taskId,
      user_id: owner.id,
      type,
      title: 'Flytning · Aarhus C → København K',
      message: text,
      is_read: false,
      read_at: null,
    });
    expect(listed[0]!.data.body).toBe(text);

    await drain(chat);
    expect(await rowsOf(chat, owner.id)).toHaveLength(1);
    const carrierKinds: Partial<Record<TaskStatus, string[]>> = { paid: ['task_paid_carrier'], cancelled: ['task_cancelled_carrier'] };
    expect((await rowsOf(chat, carrier.id)).map((row) => row.kind)).toEqual(carrierKinds[to] ?? []);
  });

  it('when a status the spec gives no text for is set (open for bids, in progress), then the owner still hears of it', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'pending_admin_review', 'open_for_bids'));
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'picked_up', 'in_progress'));
    const rows = await rowsWhen(chat, owner.id, 2);
    expect(rows.map((row) => [row.message, row.type])).toEqual([
      ['Opgavens status er nu: Åben for bud', 'info'],
      ['Opgavens status er nu: I gang', 'info'],
    ]);
  });

  it('when a task is set to created, then nobody is notified', async () => {
    const owner = user('customer');
    await chat.publish(eventTypes.taskStatusChanged, statusChange(newTaskId(), owner.id, 'pending_admin_review', 'created'));
    await chat.publish(eventTypes.taskStatusChanged, statusChange(newTaskId(), owner.id, 'open_for_bids', 'created'));
    await drain(chat);
    expect(await rowsOf(chat, owner.id)).toHaveLength(0);
  });

  it("when a guest's task (no owner) changes status, then nobody is notified", async () => {
    const carrier = user('carrier');
    const taskId = newTaskId();
    const event = await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(taskId, null, 'assigned', 'picked_up', { assignedCarrierId: carrier.id }),
    );
    await drain(chat);
    expect(await chat.db('notifications').where({ source_event_id: event.id })).toHaveLength(0);
    expect(await rowsOf(chat, carrier.id)).toHaveLength(0);
  });
});

describe('titles', () => {
  it('when svc-chat never saw the task created and the status event names no cities (older svc-tasks), then the notification is titled by type and number', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'assigned', 'paid'));
    const [row] = await rowsWhen(chat, owner.id, 1);
    expect(row).toMatchObject({ task_id: taskId, title: `Flytning #${taskId}`, message: taskStatusNotificationTexts.paid });
  });

  it('when svc-chat never saw the task created but the status event names its cities, then the notification names the route and the projection learns it', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(taskId, owner.id, 'assigned', 'paid', { type: 'fullload', fromCity: 'Vejle', toCity: 'Aalborg' }),
    );
    const [row] = await rowsWhen(chat, owner.id, 1);
    expect(row.title).toBe('Fulloads · Vejle → Aalborg');
    await projectedTaskWhen(chat, taskId, (task) => task.type === 'fullload' && task.from_city === 'Vejle' && task.to_city === 'Aalborg');
  });

  it("when the customer edits the task's type and destination, then later notifications name the new type and route", async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id, { type: 'furniture' }));
    await projectedTaskWhen(chat, taskId, (task) => task.type === 'furniture');
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'pending_admin_review', 'open_for_bids', { type: 'furniture' }));
    await rowsWhen(chat, owner.id, 1);

    await chat.publish(eventTypes.taskUpdated, {
      taskId,
      userId: owner.id,
      type: 'courier',
      status: 'open_for_bids',
      changed: ['type', 'details', 'to_address', 'to_postal_code', 'to_city'],
      updatedBy: owner.id,
      fromCity: 'Aarhus C',
      toCity: 'Odense C',
    } satisfies EventPayload<typeof eventTypes.taskUpdated>);
    await projectedTaskWhen(chat, taskId, (task) => task.to_city === 'Odense C');
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'open_for_bids', 'assigned', { type: 'courier' }));

    const rows = await rowsWhen(chat, owner.id, 2);
    // A notification keeps the title it was made with.
    expect(rows.map((row) => row.title)).toEqual(['Møbeltransport · Aarhus C → København K', 'Kurertransport · Aarhus C → Odense C']);
  });

  it('when an edit changed a city without saying which (an event from an older svc-tasks), then the title names the type and number, not the old route', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id));
    await projectedTaskWhen(chat, taskId, (task) => task.type === 'moving');
    await chat.publish(eventTypes.taskUpdated, {
      taskId,
      userId: owner.id,
      type: 'moving',
      status: 'open_for_bids',
      changed: ['from_address', 'from_postal_code', 'from_city'],
      updatedBy: owner.id,
    } satisfies EventPayload<typeof eventTypes.taskUpdated>);
    await projectedTaskWhen(chat, taskId, (task) => task.from_city === null);
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'open_for_bids', 'cancelled'));
    const [row] = await rowsWhen(chat, owner.id, 1);
    expect(row.title).toBe(`Flytning #${taskId}`);
    expect((await chat.db('chat_tasks').where({ task_id: taskId }).first()).to_city).toBe('København K');
  });

  it('when a bid is placed on a task svc-chat never heard of, then the notification is titled as the bid event names the task', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(
      eventTypes.bidPlaced,
      bidPlaced(taskId, owner.id, user('carrier').id, taskId, { type: 'moving', fromCity: 'Aarhus C', toCity: 'København K' }),
    );
    const [row] = await rowsWhen(chat, owner.id, 1);
    expect(row).toMatchObject({ kind: 'new_bid', title: 'Flytning · Aarhus C → København K', message: 'Nyt bud på din opgave' });
  });

  it('when the bid event names the type but no cities (svc-bids fetched the task), then the cities svc-chat was told stay in the title', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id, { fromCity: 'Vejle', toCity: 'Aalborg' }));
    await projectedTaskWhen(chat, taskId, (task) => task.from_city === 'Vejle');
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, user('carrier').id, taskId, { type: 'moving' }));
    const [row] = await rowsWhen(chat, owner.id, 1);
    expect(row.title).toBe('Flytning · Vejle → Aalborg');
  });

  it('when a bid made svc-chat know the task before its created event came, then the created event still names it', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.bidPlaced, bidPlaced(taskId, owner.id, carrier.id, taskId, { maxBids: 3 }));
    const [bidNotification] = await rowsWhen(chat, owner.id, 1);
    expect(bidNotification).toMatchObject({ kind: 'new_bid', title: `Opgave #${taskId}` });
    await projectedTaskWhen(chat, taskId, (row) => row.max_bids === 3 && row.type === null);

    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id, { type: 'package', fromCity: 'Vejle', toCity: 'Herning' }));
    const task = await projectedTaskWhen(chat, taskId, (row) => row.type === 'package');
    expect(task).toMatchObject({ max_bids: 3, from_city: 'Vejle', to_city: 'Herning' });
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'open_for_bids', 'assigned', { type: 'package', assignedCarrierId: carrier.id }));
    const rows = await rowsWhen(chat, owner.id, 2);
    expect(rows[1]).toMatchObject({ kind: 'task_status', title: 'Palle og pakker · Vejle → Herning' });
  });
});

describe('review requests on completion', () => {
  it('when a task is completed, then the owner gets the status update and a review request, and the carrier a review request', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    const event = await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(taskId, owner.id, 'delivered', 'completed', { assignedCarrierId: carrier.id, changedBy: carrier.id }),
    );
    const ownerRows = await rowsWhen(chat, owner.id, 2);
    expect(ownerRows.map((row) => [row.kind, row.message, row.type])).toEqual([
      ['task_status', 'Opgaven er afsluttet', 'success'],
      ['review_request_customer', reviewRequestTexts.customer, 'info'],
    ]);
    const carrierRows = await rowsOf(chat, carrier.id);
    expect(carrierRows).toHaveLength(1);
    expect(carrierRows[0]).toMatchObject({
      task_id: taskId,
      kind: 'review_request_carrier',
      message: reviewRequestTexts.carrier,
      subject: 'Giv en vurdering',
      source_event_id: event.id,
    });
    expect(carrierRows[0].data).toMatchObject({ body: reviewRequestTexts.carrier, reviewAs: 'carrier', taskId });
    expect(reviewRequestTexts.customer).toMatch(/^Opgaven er afsluttet – giv en vurdering/);

    // Newest first: the review request (written after the status update in the same event) comes first.
    const listed = await notificationsOf(chat, owner, '?unread=1&limit=5');
    expect(listed.map((n) => n.kind)).toEqual(['review_request_customer', 'task_status']);
  });

  it('when a task without a carrier is completed (an admin set it), then only the owner is asked for a review', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    const event = await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'open_for_bids', 'completed'));
    await drain(chat);
    const rows = await chat.db('notifications').where({ source_event_id: event.id }).orderBy('id');
    expect(rows.map((row) => [row.user_id, row.kind])).toEqual([
      [owner.id, 'task_status'],
      [owner.id, 'review_request_customer'],
    ]);
  });

  it("when a guest's task is completed, then only its carrier is asked for a review", async () => {
    const carrier = user('carrier');
    const event = await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(newTaskId(), null, 'delivered', 'completed', { assignedCarrierId: carrier.id }),
    );
    await drain(chat);
    const rows = await chat.db('notifications').where({ source_event_id: event.id });
    expect(rows.map((row) => [row.user_id, row.kind])).toEqual([[carrier.id, 'review_request_carrier']]);
  });
});

describe('once per event', () => {
  it('when the same event is delivered again, then no second notification is made', async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: eventTypes.taskStatusChanged,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      data: statusChange(newTaskId(), owner.id, 'delivered', 'completed', { assignedCarrierId: carrier.id }),
    };
    await chat.publishEnvelope(envelope);
    await waitFor(async () => (await rowsOf(chat, carrier.id)).length === 1);
    await chat.publishEnvelope(envelope); // the producer's relay retrying (the bus may drop it as a duplicate)

    // Handed to the handler once more, past the bus: by the same durable (the inbox knows the event) and by another
    // (only the table's unique key stands in the way).
    const consumer = notificationConsumers(chat.context).find(
      (definition) => definition.durable === notificationDurables.taskStatus,
    )!;
    expect(await handleOnce(chat.db, `chat-${notificationDurables.taskStatus}`, envelope, consumer.handle)).toBe(false);
    expect(await handleOnce(chat.db, 'a-second-consumer', envelope, consumer.handle)).toBe(true);

    await drain(chat);
    expect(await rowsOf(chat, owner.id)).toHaveLength(2);
    expect(await rowsOf(chat, carrier.id)).toHaveLength(1);
  });

  it('when the same fact comes again under a new event id, then it is told once; the same change after another one is told again', async () => {
    const owner = user('customer');
    const taskId = newTaskId();
    const assigned = statusChange(taskId, owner.id, 'open_for_bids', 'assigned');
    await chat.publish(eventTypes.taskStatusChanged, assigned);
    await chat.publish(eventTypes.taskStatusChanged, assigned); // a new id, the same change
    await drain(chat);
    expect(await rowsOf(chat, owner.id)).toHaveLength(1);

    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'assigned', 'open_for_bids'));
    await chat.publish(eventTypes.taskStatusChanged, assigned);
    await drain(chat);
    expect((await rowsOf(chat, owner.id)).map((row) => row.data.status)).toEqual(['assigned', 'open_for_bids', 'assigned']);
  });

  it('when an event does not fit the contract, then it is skipped and the events after it are still handled', async () => {
    const owner = user('customer');
    await chat.publish(eventTypes.taskStatusChanged, { taskId: newTaskId(), userId: owner.id, to: 'paid' });
    await chat.publish(eventTypes.taskStatusChanged, statusChange(newTaskId(), owner.id, 'in_transit', 'nonsense' as TaskStatus));
    await drain(chat);
    expect(await rowsOf(chat, owner.id)).toHaveLength(0);
  });
});

describe('the carrier whose bid was chosen', () => {
  it("when the customer accepts a carrier's bid (the event twice), then that carrier is told once 'Dit bud er valgt'", async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.taskCreated, taskCreated(taskId, owner.id));
    await projectedTaskWhen(chat, taskId, (task) => task.type === 'moving');
    const event = await chat.publish(eventTypes.bidAccepted, bidAccepted(taskId, owner.id, carrier.id, taskId));
    await chat.publishEnvelope(event);
    const consumer = notificationConsumers(chat.context).find((definition) => definition.durable === notificationDurables.bidDecisions)!;
    await waitFor(async () => (await rowsOf(chat, carrier.id)).length === 1);
    expect(await handleOnce(chat.db, 'a-second-consumer', event, consumer.handle)).toBe(true);
    // The same decision under a new event id (a producer writing it twice) is not told again either.
    await chat.publish(eventTypes.bidAccepted, bidAccepted(taskId, owner.id, carrier.id, taskId));
    await drain(chat);
    const rows = await rowsOf(chat, carrier.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      task_id: taskId,
      type: 'success',
      kind: 'bid_accepted',
      title: 'Flytning · Aarhus C → København K',
      message: 'Dit bud er valgt',
      source_event_id: event.id,
    });
    expect(rows[0].data).toMatchObject({ body: 'Dit bud er valgt', taskId, bidId: taskId });
    const [shown] = await notificationsOf(chat, carrier, '?unread=1&limit=5');
    expect(shown).toMatchObject({ kind: 'bid_accepted', message: 'Dit bud er valgt' });
    expect(await rowsOf(chat, owner.id)).toHaveLength(0);
  });

  it("when another bid is chosen, then that bid's carrier hears 'Et andet bud blev valgt'; a bid the customer rejected tells nothing", async () => {
    const owner = user('customer');
    const loser = user('carrier');
    const refused = user('carrier');
    const taskId = newTaskId();
    await chat.publish(eventTypes.bidRejected, bidRejected(taskId, owner.id, refused.id, taskId + 1, 'rejected'));
    const event = await chat.publish(eventTypes.bidRejected, bidRejected(taskId, owner.id, loser.id, taskId + 2, 'other_bid_accepted'));
    await chat.publishEnvelope(event);
    const [row] = await rowsWhen(chat, loser.id, 1);
    expect(row).toMatchObject({ task_id: taskId, type: 'info', kind: 'bid_not_chosen', message: 'Et andet bud blev valgt' });
    await drain(chat);
    expect(await rowsOf(chat, loser.id)).toHaveLength(1);
    expect(await rowsOf(chat, refused.id)).toHaveLength(0);
  });

  it("when the chosen bid's task is paid (the event twice), then its carrier is told once that it is ready for pickup", async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    const taskId = newTaskId();
    const event = await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(taskId, owner.id, 'assigned', 'paid', { assignedCarrierId: carrier.id }),
    );
    await chat.publishEnvelope(event);
    await chat.publish(eventTypes.taskStatusChanged, statusChange(taskId, owner.id, 'assigned', 'paid', { assignedCarrierId: carrier.id }));
    const [row] = await rowsWhen(chat, carrier.id, 1);
    expect(row).toMatchObject({
      task_id: taskId,
      type: 'success',
      kind: 'task_paid_carrier',
      message: 'Opgaven er betalt – klar til afhentning',
      subject: 'Opgaven er betalt',
    });
    await drain(chat);
    expect(await rowsOf(chat, carrier.id)).toHaveLength(1);
    expect((await rowsOf(chat, owner.id)).map((r) => r.message)).toEqual([taskStatusNotificationTexts.paid]);
  });
});

describe('deleted accounts', () => {
  it("when a user's account is deleted (identity.user.deleted), then their notifications go, others' stay", async () => {
    const owner = user('customer');
    const carrier = user('carrier');
    await chat.publish(
      eventTypes.taskStatusChanged,
      statusChange(newTaskId(), owner.id, 'delivered', 'completed', { assignedCarrierId: carrier.id }),
    );
    await waitFor(async () => (await rowsOf(chat, carrier.id)).length === 1);
    await chat.publish(eventTypes.userDeleted, { userId: owner.id, deletedBy: user('admin').id });
    await waitFor(async () => (await rowsOf(chat, owner.id)).length === 0);
    expect(await rowsOf(chat, carrier.id)).toHaveLength(1);
  });
});

describe('payments.refund.succeeded', () => {
  it('when a cancelled paid task was refunded (the event twice), then the customer is told once', async () => {
    const customer = user('customer');
    const taskId = newTaskId();
    const refund = {
      refundId: taskId,
      paymentId: taskId,
      taskId,
      customerId: customer.id,
      amountOre: 125_000,
      provider: 'mock',
      providerRefundId: `mock_re_${taskId}`,
      succeededAt: new Date().toISOString(),
    };
    const event = await chat.publish(eventTypes.refundSucceeded, refund);
    await chat.publishEnvelope(event);
    const [row] = await rowsWhen(chat, customer.id, 1);
    expect(row).toMatchObject({
      task_id: taskId,
      kind: 'refund',
      type: 'info',
      title: `Opgave #${taskId}`,
      message: 'Opgaven er annulleret, og 1.250,00 DKK er refunderet til dit kort. Pengene står normalt på din konto inden for 5–10 bankdage.',
      subject: 'Betaling refunderet',
    });
    const [shown] = await notificationsOf(chat, customer);
    expect(shown).toMatchObject({ kind: 'refund', message: row.message });
  });
});
