/**
 * POST /tasks and PUT /tasks/:id: the five types' rules, guests, carriers refused, editing while unassigned only,
 * photos until a bid is accepted, and the events written in the same transaction.
 */
import { eventTypes, messages, taskSchema, todayInDenmark } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, validDetails, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const customer = user('customer');
const otherCustomer = user('customer');
const carrier = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

const create = (body: unknown, as: typeof customer | null = customer) => tasks.call('POST', '/tasks', { as, body });

async function createdTask(body: Record<string, unknown> = taskBody(), as: typeof customer | null = customer) {
  const reply = await create(body, as);
  expect(reply.status).toBe(201);
  return reply.body as { id: number; status: string; [key: string]: unknown };
}

async function assign(taskId: number, carrierId = carrier.id) {
  const reply = await tasks.call('PATCH', `/tasks/${taskId}/status`, {
    as: admin,
    body: { status: 'assigned', updates: { assigned_carrier_id: carrierId } },
  });
  expect(reply.status).toBe(200);
}

describe('POST /tasks', () => {
  it.each(Object.keys(validDetails))('when a customer creates a valid %s task, then it is open for bids and stored in full', async (type) => {
    const reply = await create(taskBody(type as keyof typeof validDetails));
    expect(reply.status).toBe(201);
    expect(taskSchema.safeParse(reply.body).success).toBe(true);
    expect(reply.body).toMatchObject({
      type,
      status: 'open_for_bids',
      view: 'full',
      user_id: customer.id,
      is_guest: false,
      from_address: 'Vestergade 12, 8000 Aarhus C',
      from_postal_code: '8000',
      from_city: 'Aarhus C',
      to_postal_code: '1165',
      to_city: 'København K',
      preferred_pickup_date: '2099-08-01',
      time_frame_start: '08:00',
      bid_count: 0,
      lowest_bid: null,
      images: [],
    });
  });

  it('when a guest creates a task, then it is stored without owner as a guest task', async () => {
    const reply = await create(taskBody('courier', { contact_phone: null }), null);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ user_id: null, is_guest: true, contact_email: 'kontakt@example.dk', contact_phone: null });
  });

  it('when a guest leaves out the type, then 400 Vælg en opgavetype først.', async () => {
    const { type: _type, ...body } = taskBody();
    const reply = await create(body, null);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'invalid_input', message: 'Vælg en opgavetype først.' });
  });

  it('when a guest leaves out an address, then 400 Udfyld både afhentnings- og leveringsadresse.', async () => {
    for (const body of [taskBody('moving', { from_address: '' }), taskBody('moving', { to_address: undefined }), taskBody('moving', { to_address: '   ' })]) {
      const reply = await create(body, null);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Udfyld både afhentnings- og leveringsadresse.');
    }
  });

  it('when a carrier creates a task, then 403 Carriers kan ikke oprette opgaver.', async () => {
    const reply = await create(taskBody(), carrier);
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: 'carriers_cannot_create_tasks', message: 'Carriers kan ikke oprette opgaver.' });
  });

  it('when an admin creates a task, then it is theirs', async () => {
    expect((await createdTask(taskBody('package'), admin)).user_id).toBe(admin.id);
  });

  it('when camelCase alternates and timestamps are sent, then they are taken and dates become UTC yyyy-mm-dd', async () => {
    const { from_address, to_address, preferred_pickup_date: _p, is_flexible: _f, ...rest } = taskBody('furniture');
    const task = await createdTask({
      ...rest,
      fromAddress: from_address,
      toAddress: to_address,
      preferredPickupDate: '2099-07-31T23:30:00.000Z',
      preferred_delivery_date: '2099-08-01T01:00:00+02:00',
      isFlexible: true,
    });
    expect(task).toMatchObject({
      from_address,
      to_address,
      preferred_pickup_date: '2099-07-31',
      preferred_delivery_date: '2099-07-31',
      is_flexible: true,
    });
  });

  it('when the suggestion gives postal code and city, then they win over the text', async () => {
    const task = await createdTask(taskBody('moving', { from_address: 'Hovedgaden 1', from_postal_code: '4000', from_city: 'Roskilde' }));
    expect(task).toMatchObject({ from_postal_code: '4000', from_city: 'Roskilde' });
  });

  it('when a moving task gives its phone in the details only, then it becomes the contact phone', async () => {
    const task = await createdTask(taskBody('moving', { contact_phone: undefined }));
    expect(task.contact_phone).toBe('+45 20 30 40 50');
  });

  it('when details carry unknown keys, then they are dropped', async () => {
    const task = await createdTask(taskBody('courier', { details: { ...validDetails.courier, hack: '<script>' } }));
    expect(task.details).not.toHaveProperty('hack');
  });

  describe('type rules', () => {
    const cases: [string, keyof typeof validDetails, Record<string, unknown>, string][] = [
      ['moving without apartment size', 'moving', { apartmentSize: undefined }, messages.apartmentSizeRequired],
      ['moving with an unknown apartment size', 'moving', { apartmentSize: 'castle' }, messages.invalidChoice],
      ['moving without phone', 'moving', { contactPhone: undefined }, messages.contactPhoneRequired],
      ['moving with a bad phone', 'moving', { contactPhone: 'ring mig' }, messages.contactPhoneInvalid],
      ['moving with 21 rooms', 'moving', { numberOfRooms: 21 }, 'Antal værelser skal være mellem 1 og 20'],
      ['moving with 0 rooms', 'moving', { numberOfRooms: 0 }, messages.roomsRange],
      ['moving with volume 0.5', 'moving', { totalVolume: 0.5 }, messages.volumeMin],
      ['moving with -1 boxes', 'moving', { numberOfBoxes: -1 }, messages.boxesRange],
      ['moving on floor 7', 'moving', { floorTo: 7 }, messages.floorRange],
      ['moving with parking 30 m away', 'moving', { parkingDistanceTo: 30 }, messages.parkingDistanceInvalid],
      ['courier without size', 'courier', { packageSize: undefined }, messages.packageSizeRequired],
      ['courier without weight', 'courier', { packageWeight: undefined }, messages.weightRequired],
      ['courier with negative weight', 'courier', { packageWeight: -1 }, messages.weightRange],
      ['courier with length 0', 'courier', { length: 0 }, messages.dimensionRange],
      ['courier with a display pallet', 'courier', { palletType: 'display' }, messages.palletTypeInvalid],
      ['package without type', 'package', { packageType: undefined }, messages.packageTypeRequired],
      ['package with 0 items', 'package', { numberOfItems: 0 }, messages.packageItemsRange],
      ['package with 1001 items', 'package', { numberOfItems: 1001 }, messages.packageItemsRange],
      ['package without weight', 'package', { totalWeight: undefined }, messages.weightRequired],
      ['package with an unknown pallet type', 'package', { pallets: [{ palletType: 'gold', quantity: 1 }] }, messages.palletTypeInvalid],
      ['furniture without type', 'furniture', { furnitureType: undefined }, messages.furnitureTypeRequired],
      ['furniture with 101 items', 'furniture', { numberOfItems: 101 }, messages.furnitureItemsRange],
      ['furniture with 1.5 items', 'furniture', { numberOfItems: 1.5 }, messages.wholeNumberRequired],
      ['fullload without truck type', 'fullload', { truckType: undefined }, messages.truckTypeRequired],
      ['fullload with an unknown truck', 'fullload', { truckType: 'spaceship' }, messages.invalidChoice],
      ['fullload without volume', 'fullload', { volume: undefined }, messages.volumeRequired],
      ['fullload without weight', 'fullload', { weight: undefined }, messages.weightRequired],
      ['fullload with weight "tung"', 'fullload', { weight: 'tung' }, messages.invalidNumber],
      ["fullload with 4 × 'Ingen palle'", 'fullload', { pallets: [{ palletType: 'none', quantity: 4 }] }, messages.palletNoneQuantity],
      ['fullload with EUR pallets but no count', 'fullload', { pallets: [{ palletType: 'euro' }] }, messages.palletCountRange],
    ];
    it.each(cases)('when %s, then 400 with the Danish message', async (_, type, change, message) => {
      const reply = await create(taskBody(type, { details: { ...validDetails[type], ...change } }));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
      expect(reply.body.details[0].path).toMatch(/^details\./);
    });

    it('when a fullload has no description, then 400 asking for one', async () => {
      const reply = await create(taskBody('fullload', { description: '' }));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(messages.descriptionRequired);
    });

    it('when form values come as strings, then they are stored as numbers and booleans', async () => {
      const task = await createdTask(
        taskBody('package', {
          details: { packageType: 'pallet', numberOfItems: '3', totalWeight: '12,5', fragile: 'true', pallets: [{ palletType: 'display', quantity: '2' }] },
        }),
      );
      expect(task.details).toMatchObject({ numberOfItems: 3, totalWeight: 12.5, fragile: true, stackable: false, pallets: [{ palletType: 'display', quantity: 2 }] });
    });

    it('when every optional moving field is used, then all are kept', async () => {
      const details = {
        apartmentSize: 'house_large',
        numberOfRooms: 20,
        totalVolume: 1,
        numberOfBoxes: 0,
        heavyItems: 'Klaver',
        needPacking: true,
        needFurnitureDisassembly: true,
        floorFrom: 0,
        floorTo: 6,
        hasElevatorFrom: true,
        hasElevatorTo: false,
        parkingDistanceFrom: 0,
        parkingDistanceTo: 100,
        contactPhone: '12345678',
      };
      expect((await createdTask(taskBody('moving', { details }))).details).toMatchObject(details);
    });
  });

  it('when there are 12 images, then they are kept; 13 are refused', async () => {
    const images = Array.from({ length: 12 }, (_, i) => `/api/files/00000000-0000-0000-0000-00000000000${i % 10}.jpg`);
    expect((await createdTask(taskBody('courier', { images }))).images).toHaveLength(12);
    const reply = await create(taskBody('courier', { images: [...images, images[0]] }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Du kan kun uploade op til 12 billeder');
  });

  it('when an image is not one of our uploads, then 400', async () => {
    const reply = await create(taskBody('courier', { images: ['https://evil.example/x.jpg'] }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.imageUrlInvalid);
  });

  it('when the delivery date lies before pickup, then 400', async () => {
    const reply = await create(taskBody('courier', { preferred_pickup_date: '2099-08-05', preferred_delivery_date: '2099-08-01' }));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.deliveryBeforePickup);
  });

  it('when the pickup date lies before today, then 400 in Danish and nothing is stored; today is accepted', async () => {
    const yesterday = todayInDenmark(new Date(Date.now() - 24 * 3600 * 1000));
    const before = await tasks.db('tasks').count({ n: '*' }).first();
    for (const as of [customer, null]) {
      const reply = await create(taskBody('courier', { preferred_pickup_date: yesterday, preferred_delivery_date: null }), as);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 'invalid_input', message: messages.pickupDateInPast });
      expect(reply.body.details).toEqual([expect.objectContaining({ path: 'preferred_pickup_date', message: messages.pickupDateInPast })]);
    }
    expect(await tasks.db('tasks').count({ n: '*' }).first()).toEqual(before);
    const today = todayInDenmark();
    expect((await createdTask(taskBody('courier', { preferred_pickup_date: today, preferred_delivery_date: null }))).preferred_pickup_date).toBe(today);
  });

  it('when a signed-in wizard (?signedIn=1) posts without a session, then 401 Session udløbet and no guest task is stored', async () => {
    const before = await tasks.db('tasks').count({ n: '*' }).first();
    const reply = await tasks.call('POST', '/tasks?signedIn=1', { as: null, body: taskBody('courier') });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe(messages.sessionExpired);
    expect(await tasks.db('tasks').count({ n: '*' }).first()).toEqual(before);
    const signedIn = await tasks.call('POST', '/tasks?signedIn=1', { as: customer, body: taskBody('courier') });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.user_id).toBe(customer.id);
  });

  it('when a task is created, then tasks.task.created is in the outbox with the request id as correlation', async () => {
    const task = await createdTask(taskBody('fullload'));
    const events = await tasks.outboxEvents(eventTypes.taskCreated);
    const event = events.find((e) => (e.data as { taskId: number }).taskId === task.id);
    expect(event?.data).toMatchObject({ taskId: task.id, userId: customer.id, type: 'fullload', status: 'open_for_bids', isGuest: false, fromPostalCode: '8000' });
  });

  it('when the body is refused, then nothing is stored and no event written', async () => {
    const before = await tasks.db('tasks').count({ n: '*' }).first();
    const eventsBefore = (await tasks.outboxEvents()).length;
    await create(taskBody('moving', { details: { apartmentSize: 'x' } }));
    await create(taskBody(), carrier);
    expect(await tasks.db('tasks').count({ n: '*' }).first()).toEqual(before);
    expect((await tasks.outboxEvents()).length).toBe(eventsBefore);
  });
});

describe('PUT /tasks/:id', () => {
  it('when the owner edits an open task, then the change is saved and tasks.task.updated names the fields', async () => {
    const task = await createdTask();
    const reply = await tasks.call('PUT', `/tasks/${task.id}`, {
      as: customer,
      body: { type: 'courier', details: validDetails.courier, toAddress: 'Havnegade 3, 5000 Odense C', description: 'Ny tekst' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ type: 'courier', to_address: 'Havnegade 3, 5000 Odense C', to_postal_code: '5000', to_city: 'Odense C', description: 'Ny tekst' });
    const event = (await tasks.outboxEvents(eventTypes.taskUpdated)).find((e) => (e.data as { taskId: number }).taskId === task.id);
    expect((event?.data as { changed: string[] }).changed).toEqual(expect.arrayContaining(['type', 'details', 'to_address', 'to_postal_code', 'to_city', 'description']));
    // The cities as they are now, so projections that name the task by its route follow the edit.
    expect(event?.data).toMatchObject({ type: 'courier', fromCity: 'Aarhus C', toCity: 'Odense C' });
  });

  it('when the type changes but the old details do not fit, then 400 pointing into details', async () => {
    const task = await createdTask();
    const reply = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { type: 'fullload' } });
    expect(reply.status).toBe(400);
    expect(reply.body.details[0].path).toMatch(/^details\./);
  });

  it('when nothing changes, then no event is written', async () => {
    const task = await createdTask();
    const before = (await tasks.outboxEvents(eventTypes.taskUpdated)).length;
    const reply = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { description: task.description } });
    expect(reply.status).toBe(200);
    expect((await tasks.outboxEvents(eventTypes.taskUpdated)).length).toBe(before);
  });

  it('when an address is blanked, then 400', async () => {
    const task = await createdTask();
    const reply = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { from_address: '' } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(messages.fillBothAddresses);
  });

  it('when an edit moves the pickup date before today, then 400; a task keeping its (now past) date may still be edited', async () => {
    const task = await createdTask();
    const yesterday = todayInDenmark(new Date(Date.now() - 24 * 3600 * 1000));
    const refused = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { preferred_pickup_date: yesterday, preferred_delivery_date: null } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.pickupDateInPast);

    await tasks.db('tasks').where({ id: task.id }).update({ preferred_pickup_date: '2020-01-02', preferred_delivery_date: null });
    const kept = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { preferred_pickup_date: '2020-01-02', description: 'Ny tekst' } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ preferred_pickup_date: '2020-01-02', description: 'Ny tekst' });
  });

  it('when the owner edits an assigned task, then 409 Opgaven kan ikke længere redigeres.', async () => {
    const task = await createdTask();
    await assign(task.id);
    for (const status of ['assigned', 'paid', 'picked_up', 'in_transit', 'delivered', 'completed', 'cancelled', 'in_progress']) {
      await tasks.db('tasks').where({ id: task.id }).update({ status });
      const reply = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { description: 'for sent' } });
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'task_not_editable', message: 'Opgaven kan ikke længere redigeres.' });
    }
  });

  it('when an admin edits an assigned task, then it is saved, but its photos are locked', async () => {
    const task = await createdTask();
    await assign(task.id);
    const edit = await tasks.call('PUT', `/tasks/${task.id}`, { as: admin, body: { description: 'Rettet af admin' } });
    expect(edit.status).toBe(200);
    const photos = await tasks.call('PUT', `/tasks/${task.id}`, { as: admin, body: { images: ['/api/files/a.jpg'] } });
    expect(photos.status).toBe(409);
    expect(photos.body).toMatchObject({ code: 'task_images_locked', message: messages.taskImagesLocked });
  });

  it('when the owner or an admin changes photos of an open task, then up to 12 are kept', async () => {
    const task = await createdTask();
    const owner = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { images: ['/api/files/a.jpg', '/api/files/b.jpg'] } });
    expect(owner.body.images).toEqual(['/api/files/a.jpg', '/api/files/b.jpg']);
    const byAdmin = await tasks.call('PUT', `/tasks/${task.id}`, { as: admin, body: { images: ['/api/files/c.jpg'] } });
    expect(byAdmin.body.images).toEqual(['/api/files/c.jpg']);
    const tooMany = await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { images: Array(13).fill('/api/files/a.jpg') } });
    expect(tooMany.status).toBe(400);
  });

  it('when another customer or a carrier edits, then 403; anonymous 401', async () => {
    const task = await createdTask();
    expect((await tasks.call('PUT', `/tasks/${task.id}`, { as: otherCustomer, body: { description: 'x' } })).status).toBe(403);
    expect((await tasks.call('PUT', `/tasks/${task.id}`, { as: carrier, body: { description: 'x' } })).status).toBe(403);
    expect((await tasks.call('PUT', `/tasks/${task.id}`, { body: { description: 'x' } })).status).toBe(401);
  });

  it("when a guest's task is edited, then only an admin may", async () => {
    const task = await createdTask(taskBody(), null);
    expect((await tasks.call('PUT', `/tasks/${task.id}`, { as: customer, body: { description: 'x' } })).status).toBe(403);
    expect((await tasks.call('PUT', `/tasks/${task.id}`, { as: admin, body: { description: 'x' } })).status).toBe(200);
  });

  it('when the task does not exist, then 404 Opgave ikke fundet', async () => {
    const reply = await tasks.call('PUT', '/tasks/999999', { as: admin, body: { description: 'x' } });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe('Opgave ikke fundet');
  });
});

describe('DELETE /tasks/:id', () => {
  it('when an admin deletes a task, then it is gone and tasks.task.deleted written', async () => {
    const task = await createdTask();
    expect((await tasks.call('DELETE', `/tasks/${task.id}`, { as: admin })).status).toBe(204);
    expect((await tasks.call('GET', `/tasks/${task.id}`, { as: admin })).status).toBe(404);
    const events = await tasks.outboxEvents(eventTypes.taskDeleted);
    expect(events.some((e) => (e.data as { taskId: number }).taskId === task.id)).toBe(true);
  });

  it('when the task is paid (cancelled or not), then 409 with the Danish reason and it stays', async () => {
    for (const status of ['paid', 'cancelled'] as const) {
      const task = await createdTask();
      await tasks.db('tasks').where({ id: task.id }).update({ status, paid_at: new Date() });
      const reply = await tasks.call('DELETE', `/tasks/${task.id}`, { as: admin });
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ code: 'task_paid', message: messages.paidTaskNotDeletable });
      expect((await tasks.call('GET', `/tasks/${task.id}`, { as: admin })).status).toBe(200);
    }
  });

  it('when the owner deletes, then 403; a missing task 404', async () => {
    const task = await createdTask();
    expect((await tasks.call('DELETE', `/tasks/${task.id}`, { as: customer })).status).toBe(403);
    expect((await tasks.call('DELETE', '/tasks/999999', { as: admin })).status).toBe(404);
  });
});
