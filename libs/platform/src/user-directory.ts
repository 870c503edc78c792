/**
 * A service's own projection of identity's users (issue 13, names not numbers): identity.user.registered / .updated /
 * .deleted → the table `user_directory`. Lists read names from it in one query per page, never with a call to
 * svc-identity per row. svc-identity re-announces every user once per directory version (its start-up backfill), so
 * a projection added to an existing database fills up too.
 */
import { eventTypes, type EventEnvelope, type EventPayload, type Role } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import { consume, type ConsumerDefinition } from './consumer';
import type { Migration } from './migrate';

export interface DirectoryEntry {
  id: number;
  name: string;
  company: string | null;
}

/** What the directory knows of a user, e-mail, phone, address and role included. */
export interface DirectoryContact extends DirectoryEntry {
  email: string | null;
  phone: string | null;
  address: string | null;
  role: Role | null;
}

/** Shown for a user whose account was deleted. */
export const deletedUserName = 'Slettet bruger';

/**
 * The table as it was first made, for a service's first directory migration; `addUserDirectoryContactColumns` (a later
 * migration, `userDirectoryContactsMigration`) adds phone and address. A new service's migration calls both.
 */
export async function createUserDirectoryTable(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_directory', (table) => {
    table.integer('user_id').primary();
    table.text('role');
    table.text('name').notNullable();
    table.text('email');
    table.text('company');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

/**
 * Phone and address of each user (identity's events carry them since directory version 2, whose backfill fills the
 * rows already there), for a service's migration after `createUserDirectoryTable`.
 */
export const userDirectoryContactsMigration: Migration = {
  name: 'user_directory_contacts',
  async up(knex: Knex) {
    await knex.schema.alterTable('user_directory', (table) => {
      table.text('phone');
      table.text('address');
    });
  },
  async down(knex: Knex) {
    await knex.schema.alterTable('user_directory', (table) => {
      table.dropColumn('phone');
      table.dropColumn('address');
    });
  },
};

type Registered = EventPayload<typeof eventTypes.userRegistered>;
type Updated = EventPayload<typeof eventTypes.userUpdated>;
type Deleted = EventPayload<typeof eventTypes.userDeleted>;
type DirectoryEvent = EventEnvelope<Registered | Updated | Deleted>;

/** Applies one identity event to `user_directory` (idempotent; an older event never overwrites a newer name). */
export async function projectUserEvent(trx: Knex, event: DirectoryEvent): Promise<void> {
  const now = new Date(event.occurredAt);
  if (event.type === eventTypes.userDeleted) {
    await trx('user_directory')
      .insert({ user_id: event.data.userId, name: deletedUserName, email: null, company: null, phone: null, address: null, updated_at: now })
      .onConflict('user_id')
      .merge({ name: deletedUserName, email: null, company: null, phone: null, address: null, updated_at: now });
    return;
  }
  const data = event.data as Registered | (Updated & { role?: Role });
  const row = {
    user_id: data.userId,
    name: data.name,
    email: data.email,
    company: 'company' in data ? (data.company ?? null) : null,
    updated_at: now,
    ...('role' in data && data.role ? { role: data.role } : {}),
    // An event from before phone and address were announced leaves what the directory has.
    ...(data.phone !== undefined ? { phone: data.phone } : {}),
    ...(data.address !== undefined ? { address: data.address } : {}),
  };
  const { user_id: _id, ...changes } = row;
  await trx('user_directory')
    .insert(row)
    .onConflict('user_id')
    .merge(changes)
    .where('user_directory.updated_at', '<=', now)
    .andWhereNot('user_directory.name', deletedUserName);
}

/** The consumer that keeps `user_directory` (durable name unique within the service). */
export function userDirectoryConsumer(durable = 'user-directory'): ConsumerDefinition {
  return consume({
    durable,
    subjects: [eventTypes.userRegistered, eventTypes.userUpdated, eventTypes.userDeleted],
    handle: (event, trx) => projectUserEvent(trx, event as DirectoryEvent),
  });
}

/**
 * Whether the directory knows `userId` as someone of another role than `role` (a customer's id typed as a carrier's).
 * A user identity has not announced yet is taken on trust: false.
 */
export async function isKnownAsOtherRole(db: Knex, userId: number, role: Role): Promise<boolean> {
  const known = (await directoryContactsOf(db, [userId])).get(userId);
  return Boolean(known?.role && known.role !== role);
}

/** Names, companies, e-mails, phones, addresses and roles of the given users (those the projection knows), in one query. */
export async function directoryContactsOf(db: Knex, userIds: readonly (number | null | undefined)[]): Promise<Map<number, DirectoryContact>> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return new Map();
  const rows = (await db('user_directory').whereIn('user_id', ids).select('user_id', 'name', 'company', 'email', 'phone', 'address', 'role')) as Array<{
    user_id: number;
    name: string;
    company: string | null;
    email: string | null;
    phone: string | null;
    address: string | null;
    role: Role | null;
  }>;
  return new Map(
    rows.map((r) => [r.user_id, { id: r.user_id, name: r.name, company: r.company, email: r.email, phone: r.phone, address: r.address, role: r.role }]),
  );
}

/** Names and companies of the given users (those the projection knows), in one query. */
export async function directoryNamesOf(db: Knex, userIds: readonly (number | null | undefined)[]): Promise<Map<number, DirectoryEntry>> {
  const contacts = await directoryContactsOf(db, userIds);
  return new Map([...contacts].map(([id, { id: _id, name, company }]) => [id, { id, name, company }]));
}

/** 'Lars Hansen (Hansen Fragt ApS)', or the name alone. */
export function displayName(entry: Pick<DirectoryEntry, 'name' | 'company'>): string {
  return entry.company ? `${entry.name} (${entry.company})` : entry.name;
}
