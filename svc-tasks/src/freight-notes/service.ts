import { defaultPackagesOf, eventTypes, foldFreightNoteFlatKeys, freightCarrierFields, freightGoodsFields, freightHiddenText, freightNoteDefaults, freightNoteUpdateBodySchema, freightPartyFields, freightPartyGroups, isFreightNoteLocked, type AuthUser, type EventPayload, type FreightCarrier, type FreightChange, type FreightGoods, type FreightNote, type FreightNoteStatus, type FreightParty, type FreightPartyGroup, type TaskStatus } from '@fragtbud/contracts';
import { domainError, type EventMeta, parseInput } from '@fragtbud/platform';
import type { Db, TasksContext } from '../context';
import { findTaskById, lockTaskById, type TaskRow } from '../tasks/repo';
import { relationOf } from '../tasks/task-json';
import { carrierOf, contactsOf, type DirectoryContact } from '../user-directory';
import { findFreightNote, hasBidOnTask, saveFreightNote, type FreightNoteRow } from './repo';

/** The customer edits the note only while the task is in one of these (spec section 6). */
export const customerEditableTaskStatuses: readonly TaskStatus[] = ['paid', 'picked_up', 'in_transit'];
/** The change log keeps this many entries, newest last. */
const changeLogLimit = 500;

const notFound = () => domainError('task_not_found');
const forbidden = () => domainError('forbidden');

/** Who the caller is to the note: admin, owner, assigned carrier, a carrier who bid (limited view), or nobody. */
export type FreightAccess = 'admin' | 'owner' | 'assigned_carrier' | 'bidder';

async function accessOf(db: Db, caller: AuthUser, task: TaskRow): Promise<FreightAccess | null> {
  if (caller.role === 'admin') return 'admin';
  const relation = relationOf(caller, task);
  if (relation === 'owner') return 'owner';
  if (relation === 'assigned_carrier') return 'assigned_carrier';
  if (caller.role === 'carrier' && (await hasBidOnTask(db, task.id, caller.id))) return 'bidder';
  return null;
}

/** 404 for a task awaiting review that is not the caller's (as GET /tasks/:id), else 403 for outsiders. */
function refuse(task: TaskRow): never {
  if (task.status === 'pending_admin_review') throw notFound();
  throw forbidden();
}

// ---- the note's content ----

interface NoteContent {
  status: FreightNoteStatus;
  parties: Record<FreightPartyGroup, FreightParty>;
  carrier: FreightCarrier;
  goods: FreightGoods;
  changeLog: FreightChange[];
  updatedAt: Date | null;
}

const emptyParty = (): FreightParty =>
  Object.fromEntries(freightPartyFields.map((field) => [field, null])) as unknown as FreightParty;
const emptyCarrier = (): FreightCarrier =>
  Object.fromEntries(freightCarrierFields.map((field) => [field, null])) as unknown as FreightCarrier;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** "Vestergade 12B, 8000 Aarhus C" → street "Vestergade", houseNo "12B". */
export function streetOf(address: string): { street: string | null; houseNo: string | null } {
  const first = address.split(',')[0]?.trim() ?? '';
  const match = /^(.*\D)\s+(\d+\s?[A-Za-z]?)$/.exec(first);
  const [, street, houseNo] = match ?? [];
  if (street && houseNo) return { street: street.trim(), houseNo: houseNo.replace(/\s/g, '') };
  return { street: first === '' ? null : first, houseNo: null };
}

function placeParty(address: string, postalCode: string | null, city: string | null): FreightParty {
  return {
    ...emptyParty(),
    ...streetOf(address),
    postalCode: postalCode && /^\d{4}$/.test(postalCode) ? postalCode : null,
    city,
    country: freightNoteDefaults.country,
    address,
  };
}

/** The note before its first save: prefilled from the task (spec section 3 defaults). */
export function defaultsFromTask(task: TaskRow): NoteContent {
  const contact = (): FreightParty => ({
    ...emptyParty(),
    email: task.contact_email,
    phone: task.contact_phone,
    country: freightNoteDefaults.country,
  });
  const details = task.details ?? {};
  return {
    status: 'draft',
    parties: {
      sender: contact(),
      pickup: placeParty(task.from_address, task.from_postal_code, task.from_city),
      recipient: { ...emptyParty(), country: freightNoteDefaults.country },
      delivery: placeParty(task.to_address, task.to_postal_code, task.to_city),
      bill_to: contact(),
    },
    carrier: emptyCarrier(),
    goods: {
      description: text(task.description),
      packages: defaultPackagesOf(task.type, details),
      weightKg: num(details.totalWeight) ?? num(details.packageWeight) ?? num(details.weight),
      volumeM3: num(details.volume) ?? num(details.totalVolume),
      type: freightNoteDefaults.goodsType,
    },
    changeLog: [],
    updatedAt: null,
  };
}

/**
 * Fills, where still empty, what the task's people tell (issue 13): the owner as sender and bill-to (name, e-mail) and
 * the assigned carrier's box (name, company, CVR, address, e-mail, phone) from the user directory and the carrier's
 * profile. Only empty fields change. An empty recipient becomes the task's receiver (`recipientFromTask`).
 */
export async function withPeople(db: Db, task: TaskRow, content: NoteContent): Promise<NoteContent> {
  const people = await contactsOf(db, [task.user_id]);
  const owner = task.user_id === null ? undefined : people.get(task.user_id);
  const carrier = await carrierOf(db, task.assigned_carrier_id);
  const fill = <T extends object>(target: T, values: Partial<Record<keyof T, string | null>>): T => {
    const out = { ...target } as Record<string, unknown>;
    for (const [field, value] of Object.entries(values)) if (out[field] === null && value) out[field] = value;
    return out as T;
  };
  const parties = { ...content.parties };
  if (owner) {
    parties.sender = fill(parties.sender, { name: owner.name, company: owner.company, email: owner.email });
    parties.bill_to = fill(parties.bill_to, { name: owner.name, company: owner.company, email: owner.email });
  }
  if (!hasOwnValue(parties.recipient)) parties.recipient = recipientFromTask(task, parties.delivery, owner);
  const carrierBox = carrier
    ? fill(content.carrier, {
        name: carrier.name,
        company: carrier.company,
        cvr: carrier.cvrNumber ?? null,
        address: carrier.address ?? null,
        email: carrier.email ?? null,
        phone: carrier.phone ?? null,
      })
    : content.carrier;
  return { ...content, parties, carrier: carrierBox };
}

/** True when anyone wrote something of the party's own (the default country alone does not count). */
const hasOwnValue = (party: FreightParty): boolean => freightPartyFields.some((field) => field !== 'country' && party[field] !== null);

/**
 * A recipient nobody filled in is the task's receiver: the note's delivery place, and the customer who posted the task
 * with the task's contact details. Filled as a whole or not at all, so an edited recipient never gets a mixed address.
 */
function recipientFromTask(task: TaskRow, delivery: FreightParty, owner: DirectoryContact | undefined): FreightParty {
  return {
    ...emptyParty(),
    name: owner?.name ?? null,
    company: owner?.company ?? null,
    email: task.contact_email ?? owner?.email ?? null,
    phone: task.contact_phone,
    street: delivery.street,
    houseNo: delivery.houseNo,
    postalCode: delivery.postalCode,
    city: delivery.city,
    country: delivery.country ?? freightNoteDefaults.country,
    address: delivery.address,
  };
}

/** The task was delivered: the note (prefilled if never saved) is locked, with a change-log entry. Idempotent. */
export async function lockFreightNoteAtDelivery(trx: Db, caller: AuthUser, task: TaskRow, now = new Date()): Promise<void> {
  const row = await findFreightNote(trx, task.id, { forUpdate: true });
  const current = await withPeople(trx, task, row ? contentOf(row) : defaultsFromTask(task));
  if (isFreightNoteLocked(current.status)) return;
  const entry: FreightChange = { at: now.toISOString(), by: caller.id, role: caller.role, fields: ['status'] };
  await saveFreightNote(
    trx,
    task.id,
    {
      status: 'locked',
      data: { ...current.parties, carrier: current.carrier },
      goods: current.goods,
      change_log: [...current.changeLog, entry].slice(-changeLogLimit),
    },
    now,
  );
}

function contentOf(row: FreightNoteRow): NoteContent {
  const saved = (key: string): Record<string, unknown> => {
    const value = row.data[key];
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  };
  const parties = Object.fromEntries(
    freightPartyGroups.map((group) => {
      const stored = saved(group);
      return [group, Object.fromEntries(freightPartyFields.map((field) => [field, text(stored[field])]))];
    }),
  ) as unknown as Record<FreightPartyGroup, FreightParty>;
  const storedCarrier = saved('carrier');
  return {
    status: row.status,
    parties,
    carrier: Object.fromEntries(freightCarrierFields.map((field) => [field, text(storedCarrier[field])])) as unknown as FreightCarrier,
    goods: {
      description: text(row.goods.description),
      packages: num(row.goods.packages),
      weightKg: num(row.goods.weightKg),
      volumeM3: num(row.goods.volumeM3),
      type: text(row.goods.type),
    },
    changeLog: Array.isArray(row.change_log) ? row.change_log : [],
    updatedAt: row.updated_at,
  };
}

/** What a carrier who is not assigned may see of a party: postal code, city and country, nothing that finds the door. */
function limitedParty(party: FreightParty): FreightParty {
  const place = [party.postalCode, party.city].filter((part) => part !== null).join(' ');
  const where = place === '' ? null : party.country ? `${place}, ${party.country}` : place;
  return {
    ...emptyParty(),
    street: freightHiddenText,
    postalCode: party.postalCode,
    city: party.city,
    country: party.country,
    address: where ?? freightHiddenText,
  };
}

function mayEdit(access: FreightAccess, task: TaskRow, status: FreightNoteStatus): boolean {
  if (access === 'admin') return true;
  return access === 'owner' && !isFreightNoteLocked(status) && customerEditableTaskStatuses.includes(task.status);
}

function toJson(taskId: number, content: NoteContent, access: FreightAccess, task: TaskRow): FreightNote {
  const limited = access === 'bidder';
  const parties = limited
    ? (Object.fromEntries(freightPartyGroups.map((group) => [group, limitedParty(content.parties[group])])) as unknown as Record<FreightPartyGroup, FreightParty>)
    : content.parties;
  return {
    task_id: taskId,
    status: content.status,
    locked: isFreightNoteLocked(content.status),
    view: limited ? 'limited' : 'full',
    can_edit: mayEdit(access, task, content.status),
    ...parties,
    carrier: limited ? emptyCarrier() : content.carrier,
    goods: content.goods,
    change_log: limited ? [] : content.changeLog,
    updated_at: content.updatedAt ? content.updatedAt.toISOString() : null,
  };
}

// ---- read ----

export interface FreightNoteView {
  note: FreightNote;
  task: TaskRow;
}

export async function getFreightNote(context: TasksContext, caller: AuthUser, taskId: number): Promise<FreightNoteView> {
  const task = await findTaskById(context.db, taskId);
  if (!task) throw notFound();
  const access = await accessOf(context.db, caller, task);
  if (!access) refuse(task);
  const row = await findFreightNote(context.db, taskId);
  const content = await withPeople(context.db, task, row ? contentOf(row) : defaultsFromTask(task));
  return { note: toJson(taskId, content, access, task), task };
}

// ---- update ----

export async function updateFreightNote(
  context: TasksContext,
  caller: AuthUser,
  taskId: number,
  rawBody: unknown,
  meta: EventMeta,
): Promise<FreightNote> {
  return context.db.transaction(async (trx) => {
    // The task row's lock serialises saves of its note (the note row may not exist yet).
    const task = await lockTaskById(trx, taskId);
    if (!task) throw notFound();
    const access = await accessOf(trx, caller, task);
    if (!access) refuse(task);
    if (access !== 'admin' && access !== 'owner') throw forbidden();
    if (caller.blocked) throw forbidden();

    const body = parseInput(freightNoteUpdateBodySchema, foldFreightNoteFlatKeys(rawBody ?? {}));
    const row = await findFreightNote(trx, taskId, { forUpdate: true });
    const current = await withPeople(trx, task, row ? contentOf(row) : defaultsFromTask(task));
    const wasLocked = isFreightNoteLocked(current.status);

    if (body.status !== undefined && body.status !== current.status && access !== 'admin') {
      throw domainError('freight_note_status_admin_only');
    }
    if (access === 'owner') {
      if (wasLocked) throw domainError('freight_note_locked');
      if (!customerEditableTaskStatuses.includes(task.status)) {
        throw domainError('freight_note_not_editable');
      }
    }

    const next: NoteContent = structuredClone({ ...current, updatedAt: null });
    const changed: string[] = [];
    const apply = (target: Record<string, unknown>, path: string, field: string, value: unknown) => {
      if (value === undefined) return;
      if (JSON.stringify(target[field] ?? null) !== JSON.stringify(value ?? null)) changed.push(`${path}.${field}`);
      target[field] = value;
    };
    for (const group of freightPartyGroups) {
      const input = body[group];
      if (!input) continue;
      for (const field of freightPartyFields) {
        const value = field === 'country' && input.country === null ? freightNoteDefaults.country : input[field];
        apply(next.parties[group] as unknown as Record<string, unknown>, group, field, value);
      }
    }
    if (body.carrier) {
      for (const field of freightCarrierFields) apply(next.carrier as unknown as Record<string, unknown>, 'carrier', field, body.carrier[field]);
    }
    if (body.goods) {
      const goods = body.goods;
      for (const field of freightGoodsFields) {
        let value: unknown = goods[field];
        if (field === 'type' && value === null) value = freightNoteDefaults.goodsType;
        if (field === 'packages' && value === null) value = defaultPackagesOf(task.type, task.details);
        apply(next.goods as unknown as Record<string, unknown>, 'goods', field, value);
      }
    }
    const fieldChanges = changed.length;
    if (body.status !== undefined && body.status !== current.status) {
      changed.push('status');
      next.status = body.status;
    }

    // A locked note stays locked for everyone but an admin, who may correct it: the change log names the fields.
    if (fieldChanges > 0 && wasLocked && access !== 'admin') {
      throw domainError('freight_note_locked');
    }
    if (changed.length === 0) return toJson(taskId, current, access, task);

    const now = new Date();
    const entry: FreightChange = { at: now.toISOString(), by: caller.id, role: caller.role, fields: changed };
    const saved = await saveFreightNote(
      trx,
      taskId,
      {
        status: next.status,
        data: { ...next.parties, carrier: next.carrier },
        goods: next.goods,
        change_log: [...current.changeLog, entry].slice(-changeLogLimit),
      },
      now,
    );
    // The other party's open fragtbrev tab refreshes (svc-chat makes it a live event).
    await context.outbox.add(
      trx,
      eventTypes.freightNoteUpdated,
      { taskId, userId: task.user_id, assignedCarrierId: task.assigned_carrier_id, updatedBy: caller.id } satisfies EventPayload<
        typeof eventTypes.freightNoteUpdated
      >,
      meta,
    );
    return toJson(taskId, contentOf(saved), access, task);
  });
}
