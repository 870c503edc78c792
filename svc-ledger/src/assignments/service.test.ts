import { randomUUID } from 'node:crypto';
import {
  carrierListAssignmentSchema,
  carrierListAssignmentsSchema,
  carrierListsSchema,
  eventTypes,
  messages,
  type CarrierListJson,
} from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvent, startLedger, user, type StartedLedger } from '../test-harness';

let ledger: StartedLedger;
const admin = user('admin');
let listA: CarrierListJson;
let listB: CarrierListJson;
let listC: CarrierListJson;

beforeAll(async () => {
  ledger = await startLedger();
  const reply = await ledger.call('GET', '/admin/carrier-lists', { as: admin });
  const byName = new Map(carrierListsSchema.parse(reply.body).items.map((list) => [list.name, list]));
  listA = byName.get('A') as CarrierListJson;
  listB = byName.get('B') as CarrierListJson;
  listC = byName.get('C') as CarrierListJson;
});
afterAll(async () => {
  await ledger?.close();
});

const assign = (userId: number, listId: number) =>
  ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId, listId } });

const assignmentsOf = async (query = '') => {
  const reply = await ledger.call('GET', `/admin/carrier-lists/assignments${query}`, { as: admin });
  expect(reply.status).toBe(200);
  return carrierListAssignmentsSchema.parse(reply.body).items;
};

describe('carrier list assignments', () => {
  it('when an admin puts a carrier on list A, then 201 with the list and its fee, and the assignment is announced', async () => {
    const carrier = user('carrier');
    const reply = await assign(carrier.id, listA.id);
    expect(reply.status).toBe(201);
    const assignment = carrierListAssignmentSchema.parse(reply.body);
    expect(assignment).toMatchObject({
      userId: carrier.id,
      listId: listA.id,
      list: { id: listA.id, name: 'A', feePercentage: 8, fixedFee: 0, minFee: 0 },
    });
    const event = await publishedEvent(ledger, eventTypes.carrierListAssigned, (data) => data.userId === carrier.id);
    expect(event.data).toEqual({
      userId: carrier.id,
      assignmentId: assignment.id,
      listId: listA.id,
      listName: 'A',
      feePercentage: 8,
      fixedFeeOre: 0,
      previousListId: null,
      assignedBy: admin.id,
    });
  });

  it('when the carrier is moved to list B, then 200, the same assignment now points at B, and they are on one list only', async () => {
    const carrier = user('carrier');
    const first = await assign(carrier.id, listA.id);
    const moved = await assign(carrier.id, listB.id);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: first.body.id, userId: carrier.id, listId: listB.id, list: { name: 'B', feePercentage: 10 } });
    expect(await assignmentsOf(`?userId=${carrier.id}`)).toEqual([moved.body]);
    const event = await publishedEvent(
      ledger,
      eventTypes.carrierListAssigned,
      (data) => data.userId === carrier.id && data.listId === listB.id,
    );
    expect(event.data.previousListId).toBe(listA.id);
  });

  it('when the carrier is put on the list they are already on, then 200 and nothing is announced', async () => {
    const carrier = user('carrier');
    await assign(carrier.id, listC.id);
    await publishedEvent(ledger, eventTypes.carrierListAssigned, (data) => data.userId === carrier.id);
    const again = await assign(carrier.id, listC.id);
    expect(again.status).toBe(200);
    expect(again.body.listId).toBe(listC.id);
    // Recorded in the outbox with the write itself: exact right after the 2xx.
    const recorded = (await ledger.outboxEvents(eventTypes.carrierListAssigned)).filter((event) => event.data.userId === carrier.id);
    expect(recorded).toHaveLength(1);
  });

  it('when admins assign one new carrier to different lists at the same moment, then the carrier ends on exactly one list', async () => {
    const carrier = user('carrier');
    const replies = await Promise.all([listA, listB, listC, listA, listB, listC].map((list) => assign(carrier.id, list.id)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await ledger.db('carrier_list_assignments').where({ user_id: carrier.id });
    expect(rows).toHaveLength(1);
    expect(new Set(replies.map((reply) => reply.body.id))).toEqual(new Set([rows[0].id]));
  });

  it('when assignments are listed, then all or those of the given carriers come back', async () => {
    const [one, two, three] = [user('carrier'), user('carrier'), user('carrier')];
    await assign(one.id, listA.id);
    await assign(two.id, listB.id);
    await assign(three.id, listC.id);
    const all = await assignmentsOf();
    expect(all.map((a) => a.userId)).toEqual(expect.arrayContaining([one.id, two.id, three.id]));
    expect((await assignmentsOf(`?userId=${one.id},${three.id}`)).map((a) => [a.userId, a.list.name])).toEqual([
      [one.id, 'A'],
      [three.id, 'C'],
    ]);
    expect((await assignmentsOf(`?userId=${two.id}&userId=${three.id}`)).map((a) => a.userId)).toEqual([two.id, three.id]);
    expect(await assignmentsOf(`?userId=${user('carrier').id}`)).toEqual([]);
  });

  it('when an assignment is deleted, then the carrier is on no list, it is announced, and deleting again is 404', async () => {
    const carrier = user('carrier');
    const created = await assign(carrier.id, listB.id);
    const deleted = await ledger.call('DELETE', `/admin/carrier-lists/assignments/${created.body.id}`, { as: admin });
    expect(deleted.status).toBe(204);
    expect(await assignmentsOf(`?userId=${carrier.id}`)).toEqual([]);
    const event = await publishedEvent(ledger, eventTypes.carrierListUnassigned, (data) => data.userId === carrier.id);
    expect(event.data).toEqual({ userId: carrier.id, assignmentId: created.body.id, listId: listB.id, unassignedBy: admin.id });
    const again = await ledger.call('DELETE', `/admin/carrier-lists/assignments/${created.body.id}`, { as: admin });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'assignment_not_found', message: messages.carrierListAssignmentNotFound });
  });

  it("when a carrier's account is deleted (identity.user.deleted), then they are taken off their list", async () => {
    const carrier = user('carrier');
    await assign(carrier.id, listA.id);
    await ledger.infra.bus.publish({
      id: randomUUID(),
      type: eventTypes.userDeleted,
      occurredAt: new Date().toISOString(),
      correlationId: randomUUID(),
      data: { userId: carrier.id, deletedBy: admin.id },
    });
    await waitFor(async () => (await assignmentsOf(`?userId=${carrier.id}`)).length === 0);
    const event = await publishedEvent(ledger, eventTypes.carrierListUnassigned, (data) => data.userId === carrier.id);
    expect(event.data.unassignedBy).toBeNull();
  });

  it('when the list does not exist, then 404 and the carrier is not assigned', async () => {
    const carrier = user('carrier');
    const reply = await assign(carrier.id, 999_999);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 'carrier_list_not_found', message: messages.carrierListNotFound });
    expect(await assignmentsOf(`?userId=${carrier.id}`)).toEqual([]);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['no user id', { listId: 1 }, 'userId', messages.invalidUserId],
    ['a user id of 0', { userId: 0, listId: 1 }, 'userId', messages.invalidUserId],
    ['a user id as a word', { userId: 'abc', listId: 1 }, 'userId', messages.invalidUserId],
    ['a fractional user id', { userId: 1.5, listId: 1 }, 'userId', messages.invalidUserId],
    ['a user id beyond 32 bits', { userId: 2_147_483_648, listId: 1 }, 'userId', messages.invalidUserId],
    ['no list id', { userId: 1 }, 'listId', messages.invalidCarrierListId],
    ['a negative list id', { userId: 1, listId: -2 }, 'listId', messages.invalidCarrierListId],
    ['a list given by name', { userId: 1, listId: 'A' }, 'listId', messages.invalidCarrierListId],
  ];
  it.each(invalid)('when the body has %s, then 400 with its Danish message', async (_, body, path, message) => {
    const reply = await ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_input', message, details: [{ path, message }] });
  });

  it.each(['abc', '1,x', '0', '-3', '1.5', Array.from({ length: 101 }, (_, i) => i + 1).join(',')])(
    'when the userId query is %s, then 400',
    async (query) => {
      const reply = await ledger.call('GET', `/admin/carrier-lists/assignments?userId=${query}`, { as: admin });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_input');
      expect([messages.invalidUserId, messages.tooManyUserIds]).toContain(reply.body.message);
    },
  );

  it.each(['abc', '0', '1.5', '99999999999'])('when the assignment id is %s, then 400 Ugyldigt tildelings-id', async (badId) => {
    const reply = await ledger.call('DELETE', `/admin/carrier-lists/assignments/${badId}`, { as: admin });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_assignment_id', message: messages.invalidAssignmentId });
  });
});
