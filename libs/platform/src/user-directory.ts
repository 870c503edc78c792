/**
 * A service's own projection of identity's users (issue 13, names not numbers): identity.user.registered / .updated /
 * .deleted → the table `user_directory`. Lists read names from it in one query per page, never with a call to
 * svc-identity per row. svc-identity re-announces every user once per directory version (its start-up backfill), so
 * a projection added to an existing database fills up too.
 */
import { eventTypes, type EventEnvelope, type EventPayload, type Role } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import { consume, type ConsumerDefinition } from './consumer';

export interface DirectoryEntry {
  id: number;
  name: string;
  company: string | null;
}

/** What the directory knows of a user, e-mail and role included. */
export interface DirectoryContact extends DirectoryEntry {
  email: string | null;
  role: Role | null;
}

/** Shown for a user whose account was deleted. */
export const deletedUserName = 'Slettet bruger';

/** The table, for a service's migration. */
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

type Registered = EventPayload<typeof eventTypes.userRegistered>;
type Updated = EventPayload<typeof eventTypes.userUpdated>;
type Deleted = EventPayload<typeof eventTypes.userDeleted>;
type DirectoryEvent = EventEnvelope<Registered | Updated | Deleted>;

/** Applies one identity event to `user_directory` (idempotent; an older event never overwrites a newer name). */
export async function projectUserEvent(trx: Knex, event: DirectoryEvent): Promise<void> {
  const now = new Date(event.occurredAt);
  if (event.type === eventTypes.userDeleted) {
    await trx('user_directory')
      .insert({ user_id: event.data.userId, name: deletedUserName, email: null, company: null, updated_at: now })
      .onConflict('user_id')
      .merge({ name: deletedUserName, email: null, company: null, updated_at: now });
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

/** Names, companies, e-mails and roles of the given users (those the projection knows), in one query. */
export async function directoryContactsOf(db: Knex, userIds: readonly (number | null | undefined)[]): Promise<Map<number, DirectoryContact>> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return new Map();
  const rows = (await db('user_directory').whereIn('user_id', ids).select('user_id', 'name', 'company', 'email', 'role')) as Array<{
    user_id: number;
    name: string;
    company: string | null;
    email: string | null;
    role: Role | null;
  }>;
  return new Map(rows.map((r) => [r.user_id, { id: r.user_id, name: r.name, company: r.company, email: r.email, role: r.role }]));
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
