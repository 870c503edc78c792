/**
 * Load alerts (issue 29): svc-tasks' tasks.alert.matched → one `task_alert` notification for the carrier, naming the
 * task by type and route with a link to it, sent live at once; a redelivered event adds nothing.
 */
import { eventTypes, messages, type EventPayload } from '@fragtbud/contracts';
import { outboxEnvelopes, testEnvelope } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTaskId, notificationsOf, rowsWhen, startChat, user, type StartedChat } from '../test-harness';

let chat: StartedChat;

beforeAll(async () => {
  chat = await startChat();
});
afterAll(async () => {
  await chat?.close();
});

describe('task_alert notifications', () => {
  it('when a task matches a carrier\'s alert, then the carrier gets one notification naming the task with a link, also live; a redelivery adds none', async () => {
    const carrier = user('carrier');
    const taskId = newTaskId();
    const envelope = testEnvelope(eventTypes.alertMatched, {
      taskId,
      userId: 77,
      carrierId: carrier.id,
      alertId: 5,
      alertName: 'Aarhus-ture',
      email: 'instant',
      type: 'moving',
      fromCity: 'Aarhus C',
      toCity: 'København K',
    } satisfies EventPayload<typeof eventTypes.alertMatched>);
    await chat.publishEnvelope(envelope);
    await rowsWhen(chat, carrier.id, 1);
    const [notification] = await notificationsOf(chat, carrier);
    expect(notification).toMatchObject({
      task_id: taskId,
      kind: 'task_alert',
      type: 'info',
      title: 'Flytning · Aarhus C → København K',
      message: `${messages.alertNotificationMessage}: Aarhus-ture`,
      data: { link: `/task/${taskId}`, alertId: 5 },
    });
    const live = (await outboxEnvelopes(chat.db, eventTypes.liveEvent)).map((event) => event.data as EventPayload<typeof eventTypes.liveEvent>);
    expect(live.filter((event) => event.type === 'notification' && (event.data as { id: number }).id === notification!.id)).toEqual([
      expect.objectContaining({ userIds: [carrier.id], data: expect.objectContaining({ kind: 'task_alert', title: 'Flytning · Aarhus C → København K' }) }),
    ]);

    await chat.publishEnvelope(envelope);
    await chat.publishEnvelope(testEnvelope(eventTypes.alertMatched, { ...envelope.data, taskId: newTaskId() }));
    await rowsWhen(chat, carrier.id, 2);
    expect((await chat.db('notifications').where({ user_id: carrier.id, task_id: taskId })).length).toBe(1);
  });
});
