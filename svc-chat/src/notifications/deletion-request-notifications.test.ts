/**
 * tasks.deletion_request.created → a live notification to every admin (issue 25): who asks to delete which task and
 * why; once per admin however often the event comes; nobody else is told.
 */
import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import { deletedUserName, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTaskId, notificationsOf, rowsOf, rowsWhen, startChat, user, type StartedChat } from '../test-harness';

let chat: StartedChat;
const live: Array<EventPayload<typeof eventTypes.liveEvent>> = [];

beforeAll(async () => {
  chat = await startChat();
  await chat.infra.bus.tail({
    subjects: [eventTypes.liveEvent],
    handler: (event) => void live.push(event.data as EventPayload<typeof eventTypes.liveEvent>),
  });
});
afterAll(async () => {
  await chat?.close();
});

const known = (id: number, role: string, name: string, company: string | null = null) =>
  chat.db('user_directory').insert({ user_id: id, role, name, company, email: `${id}@example.dk` });

describe('tasks.deletion_request.created', () => {
  it('when a carrier asks to delete a task (the event twice), then every admin is told once, live, with the task, the carrier and the reason; nobody else', async () => {
    const [firstAdmin, secondAdmin, goneAdmin, customer, carrier] = [user('admin'), user('admin'), user('admin'), user('customer'), user('carrier')];
    await known(firstAdmin.id, 'admin', 'Ada Admin');
    await known(secondAdmin.id, 'admin', 'Bo Admin');
    await known(goneAdmin.id, 'admin', deletedUserName);
    await known(customer.id, 'customer', 'Karen Kunde');
    await known(carrier.id, 'carrier', 'Viggo Vognmand', 'Viggos Transport ApS');
    const taskId = newTaskId();
    const event = await chat.publish(eventTypes.deletionRequestCreated, {
      taskId,
      userId: customer.id,
      requestId: 7,
      requestedBy: carrier.id,
      role: 'carrier',
      type: 'moving',
      fromCity: 'Aarhus C',
      toCity: 'København K',
      reason: 'Bilen er gået i stykker',
    } satisfies EventPayload<typeof eventTypes.deletionRequestCreated>);
    await chat.publishEnvelope(event);
    for (const admin of [firstAdmin, secondAdmin]) {
      const [row] = await rowsWhen(chat, admin.id, 1);
      expect(row).toMatchObject({
        task_id: taskId,
        kind: 'deletion_request',
        title: 'Flytning · Aarhus C → København K',
        message: 'Viggo Vognmand (Viggos Transport ApS) (vognmand) anmoder om at få opgaven slettet. Begrundelse: Bilen er gået i stykker',
        subject: 'Ny anmodning om sletning',
      });
      const [shown] = await notificationsOf(chat, admin);
      expect(shown).toMatchObject({ kind: 'deletion_request', message: row.message });
      await waitFor(() => live.find((item) => item.type === 'notification' && item.userIds.includes(admin.id)));
    }
    // Handled twice by now (one durable, in order): still one each; nobody else told.
    await chat.publishEnvelope(event);
    const marker = await chat.publish(eventTypes.deletionRequestCreated, { taskId: newTaskId(), userId: null, requestId: 8, requestedBy: customer.id, role: 'customer' });
    await waitFor(() => chat.db('notifications').where({ source_event_id: marker.id, user_id: firstAdmin.id }).first());
    expect(await rowsOf(chat, firstAdmin.id)).toHaveLength(2);
    expect(await rowsOf(chat, secondAdmin.id)).toHaveLength(2);
    for (const other of [goneAdmin, customer, carrier]) expect(await rowsOf(chat, other.id)).toEqual([]);
    // An older event (no facts, no reason) names the task by number and the requester by name.
    const [, older] = await rowsOf(chat, firstAdmin.id);
    expect(older).toMatchObject({ title: expect.stringMatching(/^Opgave #\d+$/), message: 'Karen Kunde (kunde) anmoder om at få opgaven slettet.' });
  });
});
