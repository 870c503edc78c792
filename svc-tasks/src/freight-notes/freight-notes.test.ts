/**
 * The freight note (spec sections 3, 6, 7): defaults from the task, who may read and edit it in which task status,
 * locking, the limited view of a carrier who is not assigned, the PDF (æøå intact), and bad input never 500.
 * Task status and assignment are set directly in the database (the status machine is tested elsewhere).
 */
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eventTypes, freightHiddenText, messages, type AuthUser, type FreightNote, type TaskStatus } from '@fragtbud/contracts';
import { internalTokenHeader, signInternalToken, waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasks, taskBody, user, type StartedTasks } from '../test-harness';

let tasks: StartedTasks;
const owner = user('customer');
const otherCustomer = user('customer');
const carrier = user('carrier');
const bidder = user('carrier');
const stranger = user('carrier');
const admin = user('admin');

beforeAll(async () => {
  tasks = await startTasks();
});
afterAll(async () => {
  await tasks?.close();
});

async function newTask(overrides: Record<string, unknown> = {}): Promise<number> {
  const reply = await tasks.call<{ id: number }>('POST', '/tasks', {
    as: owner,
    body: taskBody('package', { description: 'Tre paller med æbler', ...overrides }),
  });
  expect(reply.status).toBe(201);
  return reply.body.id;
}

async function setTask(taskId: number, status: TaskStatus, assigned: AuthUser | null = carrier): Promise<void> {
  await tasks.db('tasks').where({ id: taskId }).update({ status, assigned_carrier_id: assigned?.id ?? null });
}

async function addBidder(taskId: number, who: AuthUser): Promise<void> {
  await tasks.db('task_bidders').insert({ task_id: taskId, carrier_id: who.id });
}

const note = (taskId: number, as?: AuthUser) => tasks.call<FreightNote>('GET', `/tasks/${taskId}/freight-note`, as ? { as } : {});
const put = (taskId: number, body: unknown, as?: AuthUser) =>
  tasks.call<FreightNote & { code: string; message: string; details?: { path: string; message: string }[] }>('PUT', `/tasks/${taskId}/freight-note`, {
    ...(as ? { as } : {}),
    body,
  });

async function pdf(taskId: number, as: AuthUser | null) {
  const token = await signInternalToken({ secret: tasks.config.INTERNAL_TOKEN_SECRET, user: as });
  const response = await fetch(`${tasks.url}/tasks/${taskId}/freight-note.pdf`, { headers: { [internalTokenHeader]: token } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The text a PDF shows: every Flate stream inflated, the hex strings of each TJ/Tj joined, read as WinAnsi (latin1). */
function pdfText(buffer: Buffer): string {
  const raw = buffer.toString('latin1');
  const out: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const chunk = buffer.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(chunk).toString('latin1');
    } catch {
      content = chunk.toString('latin1');
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      out.push(Buffer.from(hexes.join(''), 'hex').toString('latin1'));
    }
    streamPattern.lastIndex = end + 'endstream'.length;
  }
  return out.join('\n');
}

describe('defaults', () => {
  it('when nobody has saved the note, then GET answers a draft prefilled from the task', async () => {
    const taskId = await newTask();
    const reply = await note(taskId, owner);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      task_id: taskId,
      status: 'draft',
      locked: false,
      view: 'full',
      can_edit: false,
      updated_at: null,
      change_log: [],
      pickup: { street: 'Vestergade', houseNo: '12', postalCode: '8000', city: 'Aarhus C', country: 'Danmark', address: 'Vestergade 12, 8000 Aarhus C' },
      delivery: { street: 'Nørregade', houseNo: '5', postalCode: '1165', city: 'København K', country: 'Danmark' },
      sender: { email: 'kontakt@example.dk', phone: '12345678', country: 'Danmark', name: null },
      bill_to: { email: 'kontakt@example.dk', country: 'Danmark' },
      // Nobody named a recipient: the task's delivery address and contact.
      recipient: { street: 'Nørregade', houseNo: '5', postalCode: '1165', city: 'København K', country: 'Danmark', email: 'kontakt@example.dk', phone: '12345678' },
      carrier: { name: null },
      goods: { description: 'Tre paller med æbler', packages: 4, weightKg: 40, volumeM3: null, type: 'general' },
    });
    expect(await tasks.db('freight_notes').where({ task_id: taskId }).first()).toBeUndefined();
  });

  it('when the task gives no item count, then packages defaults to 1', async () => {
    const taskId = await newTask({ type: 'moving', details: { apartmentSize: 'small', contactPhone: '+45 20 30 40 50' } });
    expect((await note(taskId, owner)).body.goods).toMatchObject({ packages: 1, type: 'general' });
  });
});

describe('packages from the task', () => {
  it('when a fullload task carries pallet lines, then packages is their sum, not 1', async () => {
    const taskId = await newTask({
      type: 'fullload',
      details: {
        truckType: 'trailer',
        volume: 80,
        weight: 12000,
        pallets: [
          { palletType: 'euro', quantity: 4 },
          { palletType: 'half', quantity: '2' },
        ],
      },
    });
    expect((await note(taskId, owner)).body.goods).toMatchObject({ packages: 6 });
  });

  it('when a furniture task has 3 items, then packages is 3; a cleared count falls back to it', async () => {
    const taskId = await newTask({ type: 'furniture', details: { furnitureType: 'chair', numberOfItems: 3 } });
    expect((await note(taskId, owner)).body.goods).toMatchObject({ packages: 3 });
    await setTask(taskId, 'paid');
    const reply = await put(taskId, { goods: { packages: null } }, owner);
    expect(reply.status).toBe(200);
    expect(reply.body.goods).toMatchObject({ packages: 3 });
  });
});

describe('edit rules', () => {
  it.each(['open_for_bids', 'assigned', 'delivered', 'completed', 'cancelled'] as const)(
    'when the task is %s, then the owner is refused with 409',
    async (status) => {
      const taskId = await newTask();
      await setTask(taskId, status, status === 'open_for_bids' ? null : carrier);
      const reply = await put(taskId, { sender_name: 'Ole' }, owner);
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ code: 'freight_note_not_editable', message: messages.freightNoteNotEditable });
    },
  );

  it.each(['paid', 'picked_up', 'in_transit'] as const)('when the task is %s, then the owner edits with flat keys and nested groups', async (status) => {
    const taskId = await newTask();
    await setTask(taskId, status);
    const reply = await put(
      taskId,
      {
        sender_name: 'Søren Ærø',
        sender_cvr: '12 34 56 78',
        recipient: { name: 'Åse Øster', postalCode: '2100' },
        recipient_street: 'Æblevej',
        recipient_house_no: '7',
        bill_to_company: 'Fragt ApS',
        goods: JSON.stringify({ weightKg: '12,5', packages: 3 }),
        change_log: [{ anything: 'ignored' }],
      },
      owner,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      can_edit: true,
      sender: { name: 'Søren Ærø', cvr: '12345678', email: 'kontakt@example.dk' },
      recipient: { name: 'Åse Øster', postalCode: '2100', street: 'Æblevej', houseNo: '7', country: 'Danmark' },
      bill_to: { company: 'Fragt ApS' },
      goods: { weightKg: 12.5, packages: 3, type: 'general', description: 'Tre paller med æbler' },
    });
    expect(reply.body.change_log).toHaveLength(1);
    expect(reply.body.change_log[0]).toMatchObject({ by: owner.id, role: 'customer' });
    expect(reply.body.change_log[0]!.fields).toEqual(
      expect.arrayContaining(['sender.name', 'sender.cvr', 'recipient.name', 'recipient.street', 'bill_to.company', 'goods.weightKg', 'goods.packages']),
    );
    expect(reply.body.updated_at).not.toBeNull();
    // saved: GET gives the same, a second identical PUT logs nothing new
    expect((await note(taskId, owner)).body.recipient.street).toBe('Æblevej');
    const again = await put(taskId, { sender_name: 'Søren Ærø' }, owner);
    expect(again.body.change_log).toHaveLength(1);
    const alias = await put(taskId, { bill_to_cvr_number: '11223344', goods: null }, owner);
    expect(alias.status).toBe(200);
    expect(alias.body.bill_to.cvr).toBe('11223344');
    expect(alias.body.goods.weightKg).toBe(12.5);
    expect(alias.body.change_log).toHaveLength(2);
    expect((await put(taskId, { goods: 'null', status: 'draft' }, owner)).body.change_log).toHaveLength(2);
    const cleared = await put(taskId, { sender_name: '', goods: { type: null } }, owner);
    expect(cleared.body.sender.name).toBeNull();
    expect(cleared.body.goods.type).toBe('general');
    expect(cleared.body.change_log).toHaveLength(3);
  });

  it('when the owner saves a change, then tasks.freight_note.updated names both parties (for the live refresh); an unchanged save, none', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'paid');
    expect((await put(taskId, { sender_name: 'Ole Olsen' }, owner)).status).toBe(200);
    expect((await put(taskId, { sender_name: 'Ole Olsen' }, owner)).status).toBe(200);
    const told = (await tasks.outboxEvents(eventTypes.freightNoteUpdated)).filter((event) => (event.data as { taskId: number }).taskId === taskId);
    expect(told.map((event) => event.data)).toEqual([{ taskId, userId: owner.id, assignedCarrierId: carrier.id, updatedBy: owner.id }]);
  });

  it('when a carrier (even the assigned one), another customer or a stranger PUTs, then 403', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'paid');
    await addBidder(taskId, bidder);
    for (const who of [carrier, bidder, stranger, otherCustomer]) {
      const reply = await put(taskId, { sender_name: 'X' }, who);
      expect(reply.status).toBe(403);
      expect(reply.body.message).toBe(messages.forbidden);
    }
  });

  it('when the owner tries to set the status, then 403; the admin edits in any task status and locks the note', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'paid');
    expect((await put(taskId, { status: 'locked' }, owner)).status).toBe(403);
    await setTask(taskId, 'completed');
    const edited = await put(taskId, { carrier_name: 'Vognmand Åge', carrier_cvr: '87654321' }, admin);
    expect(edited.status).toBe(200);
    expect(edited.body.carrier).toMatchObject({ name: 'Vognmand Åge', cvr: '87654321' });
    expect(edited.body.can_edit).toBe(true);
    const locked = await put(taskId, { status: 'locked' }, admin);
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ status: 'locked', locked: true });
    expect(locked.body.change_log.at(-1)).toMatchObject({ by: admin.id, role: 'admin', fields: ['status'] });
  });
});

describe('lock', () => {
  it('when the note is locked, then the owner gets 409 and the admin corrects it with a change-log entry', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'in_transit');
    expect((await put(taskId, { sender_name: 'Før' }, owner)).status).toBe(200);
    for (const status of ['locked', 'approved', 'final', 'finalized', 'closed'] as const) {
      expect((await put(taskId, { status }, admin)).body.locked).toBe(true);
      const refused = await put(taskId, { sender_name: 'Efter' }, owner);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'freight_note_locked', message: 'Fragtbrevet er låst og kan ikke ændres.' });
      expect((await note(taskId, owner)).body.can_edit).toBe(false);
    }
    const corrected = await put(taskId, { sender_name: 'Admin' }, admin);
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ status: 'closed', locked: true, sender: { name: 'Admin' } });
    expect(corrected.body.change_log.at(-1)).toMatchObject({ by: admin.id, role: 'admin', fields: ['sender.name'] });
    const unlocked = await put(taskId, { status: 'draft', sender_name: 'Admin' }, admin);
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({ status: 'draft', locked: false, sender: { name: 'Admin' } });
    expect((await put(taskId, { sender_name: 'Kunde igen' }, owner)).status).toBe(200);
  });
});

describe('prefill from the users and lock at delivery', () => {
  it('when the people are known, then sender and bill-to are the customer and the carrier box the assigned carrier', async () => {
    const who = user('carrier');
    await tasks.publish(eventTypes.userRegistered, { userId: owner.id, role: 'customer', name: 'Karen Kunde', email: 'karen@example.dk' });
    await tasks.publish(eventTypes.userRegistered, {
      userId: who.id,
      role: 'carrier',
      name: 'Lars Hansen',
      email: 'lars@example.dk',
      company: 'Hansen Fragt ApS',
      phone: '20304050',
      address: 'Havnegade 1, 8000 Aarhus C',
    });
    await tasks.publish(eventTypes.carrierProfileUpdated, { userId: who.id, cvrNumber: '12345678', cvrVerified: true, insuredUntil: null, memberSince: '2024-03-01T10:00:00.000Z' });
    await waitFor(async () => (await tasks.db('user_directory').whereIn('user_id', [owner.id, who.id])).length === 2);
    await waitFor(async () => Boolean(await tasks.db('carrier_profiles').where({ user_id: who.id }).first()));
    const taskId = await newTask();
    await setTask(taskId, 'in_transit', who);
    const reply = await note(taskId, owner);
    expect(reply.status).toBe(200);
    expect(reply.body.sender).toMatchObject({ name: 'Karen Kunde', email: 'kontakt@example.dk', phone: '12345678' });
    expect(reply.body.bill_to).toMatchObject({ name: 'Karen Kunde' });
    expect(reply.body.pickup).toMatchObject({ street: 'Vestergade', houseNo: '12', postalCode: '8000', city: 'Aarhus C' });
    expect(reply.body.delivery).toMatchObject({ postalCode: '1165', city: 'København K' });
    expect(reply.body.carrier).toEqual({
      name: 'Lars Hansen',
      company: 'Hansen Fragt ApS',
      cvr: '12345678',
      email: 'lars@example.dk',
      phone: '20304050',
      address: 'Havnegade 1, 8000 Aarhus C',
    });
    expect(reply.body.recipient).toMatchObject({
      name: 'Karen Kunde',
      email: 'kontakt@example.dk',
      phone: '12345678',
      street: 'Nørregade',
      houseNo: '5',
      postalCode: '1165',
      city: 'København K',
      country: 'Danmark',
    });

    const delivered = await tasks.call('PATCH', `/tasks/${taskId}/status`, { as: admin, body: { status: 'delivered' } });
    expect(delivered.status).toBe(200);
    const locked = await note(taskId, owner);
    expect(locked.body).toMatchObject({ status: 'locked', locked: true, can_edit: false, carrier: { name: 'Lars Hansen' } });
    expect(locked.body.change_log.at(-1)).toMatchObject({ by: admin.id, fields: ['status'] });
    const stored = await tasks.db('freight_notes').where({ task_id: taskId }).first();
    expect(stored.status).toBe('locked');
    expect(stored.data.carrier.name).toBe('Lars Hansen');
    expect(stored.data.recipient).toMatchObject({ name: 'Karen Kunde', street: 'Nørregade', postalCode: '1165' });
  });

  it('when a recipient was saved, then it is shown as saved, not replaced by the task\'s receiver', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'paid', carrier);
    const recipient = { name: 'Åse Øster', phone: '87654321', street: 'Æblevej', houseNo: '7', postalCode: '2100', city: 'København Ø' };
    expect((await put(taskId, { recipient }, owner)).status).toBe(200);
    const reply = await note(taskId, carrier);
    expect(reply.body.recipient).toMatchObject(recipient);
  });
});

describe('visibility', () => {
  it('when a carrier has bid but is not assigned, then it sees postal code, city and country only', async () => {
    const taskId = await newTask();
    await addBidder(taskId, bidder);
    const reply = await note(taskId, bidder);
    expect(reply.status).toBe(200);
    expect(reply.body.view).toBe('limited');
    expect(reply.body.can_edit).toBe(false);
    expect(reply.body.pickup).toEqual({
      name: null,
      company: null,
      cvr: null,
      email: null,
      phone: null,
      street: freightHiddenText,
      houseNo: null,
      postalCode: '8000',
      city: 'Aarhus C',
      country: 'Danmark',
      address: '8000 Aarhus C, Danmark',
    });
    expect(reply.body.sender).toMatchObject({ email: null, phone: null, address: freightHiddenText, street: freightHiddenText });
    expect(JSON.stringify(reply.body)).not.toContain('Vestergade');
    expect(JSON.stringify(reply.body)).not.toContain('kontakt@example.dk');
  });

  it('when the task is assigned to another carrier, then the bidder still sees the limited view; the assigned carrier the full note', async () => {
    const taskId = await newTask();
    await addBidder(taskId, bidder);
    await setTask(taskId, 'paid', carrier);
    await put(taskId, { carrier_name: 'Vinder ApS', recipient_street: 'Hemmelig Allé' }, owner);
    const limited = await note(taskId, bidder);
    expect(limited.body.view).toBe('limited');
    expect(limited.body.carrier.name).toBeNull();
    expect(limited.body.change_log).toEqual([]);
    expect(JSON.stringify(limited.body)).not.toContain('Hemmelig');
    const full = await note(taskId, carrier);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ view: 'full', can_edit: false, pickup: { street: 'Vestergade' }, recipient: { street: 'Hemmelig Allé' } });
  });

  it('when a carrier without a bid or another customer asks, then 403; a task awaiting review is 404 to them', async () => {
    const taskId = await newTask();
    expect((await note(taskId, stranger)).status).toBe(403);
    expect((await note(taskId, otherCustomer)).status).toBe(403);
    expect((await note(taskId, admin)).status).toBe(200);
    await setTask(taskId, 'pending_admin_review', null);
    expect((await note(taskId, stranger)).status).toBe(404);
    expect((await note(taskId, owner)).status).toBe(200);
  });
});

describe('PDF', () => {
  it('when the owner downloads the PDF, then it is an A4 attachment with the 7 boxes and æøå intact', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'paid');
    await put(taskId, { recipient_street: 'Æblevej', recipient_house_no: '3', recipient_city: 'Øster Åby', sender_name: 'Søren Ærø' }, owner);
    const reply = await pdf(taskId, owner);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="fragtbrev-${taskId}.pdf"`);
    expect(reply.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(reply.body.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(reply.body.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = pdfText(reply.body);
    for (const expected of ['Fragtbrev', `Opgave #${taskId}`, '1. Afsender', '2. Afhentningssted', '3. Modtager', '4. Leveringssted', '5. Betaler', '6. Fragtfører', '7. Gods']) {
      expect(text).toContain(expected);
    }
    for (const expected of ['Æblevej 3', 'Øster Åby', 'Søren Ærø', 'Nørregade 5', 'Tre paller med æbler']) expect(text).toContain(expected);
  });

  it('when the task has pickup and delivery proofs, then the PDF summarises them (if the proofs table exists)', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'delivered');
    const hasProofs = await tasks.db.schema.hasTable('task_proofs');
    if (hasProofs) {
      await tasks.db('task_proofs').insert({
        task_id: taskId,
        type: 'pickup',
        image_urls: JSON.stringify(['/api/files/a.jpg', '/api/files/b.jpg']),
        signer_name: 'Bjørn Æbelø',
        lat: 55.6761,
        lng: 12.5683,
        occurred_at: new Date('2026-08-01T08:30:00Z'),
        submitted_by: carrier.id,
      });
    }
    const text = pdfText((await pdf(taskId, owner)).body);
    if (hasProofs) {
      expect(text).toContain('Afhentningsbevis');
      expect(text).toContain('Bjørn Æbelø');
      expect(text).toContain('2 billeder');
      expect(text).toContain('Position: 55,67610° N, 12,56830° Ø');
      expect(text).toContain('Leveringsbevis');
      expect(text).toContain('Intet bevis registreret endnu.');
    }
    await addBidder(taskId, bidder);
    expect(pdfText((await pdf(taskId, bidder)).body)).not.toContain('Bjørn');
  });

  it('when a proof has a signature and photos, then the PDF draws them as images (as the print view), not only the word', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'delivered');
    const jpeg = (colour: string) =>
      sharp({ create: { width: 40, height: 20, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const [signature, photo] = await Promise.all([jpeg('#ffffff'), jpeg('#336699')]);
    const signatureKey = `${randomUUID()}.jpg`;
    const photoKey = `${randomUUID()}.jpg`;
    await tasks.storage.put(signatureKey, signature);
    await tasks.storage.put(photoKey, photo);
    await tasks.db('task_proofs').insert({
      task_id: taskId,
      type: 'delivery',
      image_urls: JSON.stringify([`/api/files/${photoKey}`, '/api/files/missing.jpg']),
      signature_image: `/api/files/${signatureKey}`,
      signer_name: 'Karen Kunde',
      occurred_at: new Date('2026-08-01T12:00:00Z'),
      submitted_by: carrier.id,
    });
    const reply = await pdf(taskId, owner);
    expect(reply.status).toBe(200);
    // Two image XObjects: the signature and the one photo that is stored (a missing file is left out, never a 500).
    expect(reply.body.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
    expect(pdfText(reply.body)).toContain('Underskrift');
    await addBidder(taskId, bidder);
    expect((await pdf(taskId, bidder)).body.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('when the goods description is long, then the PDF wraps it onto more lines and pages instead of cutting it (issue 25)', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'paid');
    // 5000 characters of numbered words: every one of them must be in the PDF, the last included.
    const words: string[] = [];
    for (let n = 1; words.join(' ').length < 4980; n += 1) words.push(`kasse${n}`);
    const description = words.join(' ').slice(0, 5000).replace(/\s+\S*$/, '');
    const saved = await put(taskId, { goods: { description, packages: 7 } }, owner);
    expect(saved.status).toBe(200);
    const reply = await pdf(taskId, owner);
    expect(reply.status).toBe(200);
    const text = pdfText(reply.body).replace(/\n/g, ' ');
    const last = description.split(' ').at(-1)!;
    expect(text).toContain(` ${last}`);
    for (const word of description.split(' ')) expect(text, word).toMatch(new RegExp(`(^|\\s)${word}(\\s|$)`));
    expect(text).toContain('7. Gods (fortsat)');
    expect(text).toContain('Antal kolli');
    expect(reply.body.toString('latin1').match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(1);
  });

  it('when a proof came later from the carrier’s offline queue, then the JSON view and the PDF show when it was taken and when it arrived', async () => {
    const taskId = await newTask();
    await setTask(taskId, 'picked_up');
    const capturedAt = new Date('2026-08-01T08:30:00Z');
    const receivedAt = new Date('2026-08-01T11:05:00Z');
    const [row] = (await tasks.db('task_proofs')
      .insert({ task_id: taskId, type: 'pickup', lat: 55.6761, lng: 12.5683, occurred_at: capturedAt, captured_at: capturedAt, created_at: receivedAt, submitted_by: carrier.id })
      .returning('id')) as { id: number }[];
    const full = await note(taskId, owner);
    expect(full.body.proofs).toEqual([{ id: row!.id, type: 'pickup', captured_at: capturedAt.toISOString(), received_at: receivedAt.toISOString() }]);
    const text = pdfText((await pdf(taskId, carrier)).body);
    expect(text).toContain('Afhentet 01.08.2026, 10.30 · Position: 55,67610° N, 12,56830° Ø');
    expect(text).toContain('Taget: 01.08.2026, 10.30 · Modtaget: 01.08.2026, 13.05');
    await addBidder(taskId, bidder);
    const limited = await note(taskId, bidder);
    expect(limited.body.view).toBe('limited');
    expect(limited.body.proofs).toBeUndefined();
  });

  it('when a bidder downloads it, then the addresses are hidden; outsiders get 403, anonymous 401', async () => {
    const taskId = await newTask();
    await addBidder(taskId, bidder);
    const limited = await pdf(taskId, bidder);
    expect(limited.status).toBe(200);
    const text = pdfText(limited.body);
    expect(text).toContain(freightHiddenText);
    expect(text).toContain('8000 Aarhus C');
    expect(text).not.toContain('Vestergade');
    expect((await pdf(taskId, stranger)).status).toBe(403);
    expect((await pdf(taskId, null)).status).toBe(401);
    expect((await pdf(taskId, admin)).status).toBe(200);
  });
});

describe('bad input', () => {
  let taskId: number;
  beforeAll(async () => {
    taskId = await newTask();
    await setTask(taskId, 'paid');
  });

  it('when CVR or postal code is malformed, then 400 with the Danish text', async () => {
    const cvr = await put(taskId, { sender_cvr: '1234' }, owner);
    expect(cvr.status).toBe(400);
    expect(cvr.body.message).toBe('CVR-nummer skal være 8 cifre');
    expect(cvr.body.details).toEqual([{ path: 'sender.cvr', message: 'CVR-nummer skal være 8 cifre' }]);
    const postal = await put(taskId, { delivery: { postalCode: '12a4' } }, owner);
    expect(postal.status).toBe(400);
    expect(postal.body.message).toBe('Postnummer skal være 4 cifre');
  });

  it.each([
    ['an over-long name', { sender_name: 'x'.repeat(201) }],
    ['an over-long address', { pickup_address: 'x'.repeat(301) }],
    ['a bad e-mail', { recipient_email: 'ikke-en-mail' }],
    ['goods as broken JSON', { goods: '{not json' }],
    ['goods as a number', { goods: 5 }],
    ['negative weight', { goods: { weightKg: -1 } }],
    ['zero packages', { goods: { packages: 0 } }],
    ['fractional packages', { goods: JSON.stringify({ packages: 1.5 }) }],
    ['huge weight', { goods: { weightKg: 1e308 } }],
    ['a group that is a string', { sender: 'Ole' }],
    ['a field that is an object', { sender_name: { first: 'Ole' } }],
    ['an unknown status', { status: 'whatever' }],
    ['an array body', [1, 2]],
    ['NUL characters', { sender_name: 'a\u0000b' }],
  ])('when the body has %s, then a Danish 4xx, never 500', async (_, body) => {
    const reply = await put(taskId, body, admin);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.message).toMatch(/[a-zæøå]/i);
    expect(reply.body.message).not.toMatch(/^(Invalid|Expected|Too|Unrecognized|Required)/);
  });

  it('when the body is malformed JSON, then 400 invalid_json', async () => {
    const reply = await tasks.call('PUT', `/tasks/${taskId}/freight-note`, { as: owner, raw: '{"sender_name":' });
    expect(reply.status).toBe(400);
    expect((reply.body as { code: string }).code).toBe('invalid_json');
  });

  it('when ids are bad or the task is missing, then 400 / 404', async () => {
    expect((await note(0, owner)).status).toBe(400);
    expect((await tasks.call('GET', '/tasks/abc/freight-note', { as: owner })).status).toBe(400);
    expect((await tasks.call('GET', '/tasks/99999999999/freight-note', { as: owner })).status).toBe(400);
    expect((await note(2_000_000_000, owner)).status).toBe(404);
    expect((await put(2_000_000_000, { sender_name: 'x' }, admin)).status).toBe(404);
    expect((await pdf(2_000_000_000, admin)).status).toBe(404);
  });

  it('when anonymous, then 401 Session udløbet on GET and PUT', async () => {
    const get = await note(taskId);
    expect(get.status).toBe(401);
    expect((get.body as unknown as { message: string }).message).toBe(messages.sessionExpired);
    expect((await put(taskId, { sender_name: 'x' })).status).toBe(401);
  });
});
