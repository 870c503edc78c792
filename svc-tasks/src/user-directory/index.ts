/**
 * svc-tasks' projection of identity's users (issue 13, names not numbers): identity.user.registered / .updated /
 * .deleted → user_directory. Read with `namesOf` / `carrierOf`, never a call to svc-identity per page.
 */
import { eventTypes, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition } from '@fragtbud/platform';
import type { Db } from '../context';

export interface DirectoryEntry {
  id: number;
  name: string;
  company: string | null;
}

/** What the directory knows of a user, e-mail included (for the freight note's parties, not for task lists). */
export interface DirectoryContact extends DirectoryEntry {
  email: string | null;
}

/** Shown for a user whose account was deleted. */
export const deletedUserName = 'Slettet bruger';

type Registered = EventPayload<typeof eventTypes.userRegistered>;
type Updated = EventPayload<typeof eventTypes.userUpdated>;
type Deleted = EventPayload<typeof eventTypes.userDeleted>;

async function project(trx: Db, event: EventEnvelope<Registered | Updated | Deleted>): Promise<void> {
  const now = new Date(event.occurredAt);
  if (event.type === eventTypes.userDeleted) {
    await trx('user_directory')
      .insert({ user_id: event.data.userId, name: deletedUserName, email: null, company: null, updated_at: now })
      .onConflict('user_id')
      .merge({ name: deletedUserName, email: null, company: null, updated_at: now });
    return;
  }
  const data = event.data as Registered | Updated;
  const row = {
    user_id: data.userId,
    name: data.name,
    email: data.email,
    company: 'company' in data ? (data.company ?? null) : null,
    updated_at: now,
    ...('role' in data ? { role: data.role } : {}),
  };
  const { user_id: _id, ...changes } = row;
  // An older event than what is stored (redelivered out of order) does not overwrite a newer name.
  await trx('user_directory')
    .insert(row)
    .onConflict('user_id')
    .merge(changes)
    .where('user_directory.updated_at', '<=', now)
    .andWhereNot('user_directory.name', deletedUserName);
}

export function userDirectoryConsumers(): ConsumerDefinition[] {
  return [
    consume({
      durable: 'user-directory',
      subjects: [eventTypes.userRegistered, eventTypes.userUpdated, eventTypes.userDeleted],
      handle: (event, trx) => project(trx, event as EventEnvelope<Registered | Updated | Deleted>),
    }),
  ];
}

/** Names and companies of the given users (those the projection knows). */
export async function namesOf(db: Db, userIds: readonly number[]): Promise<Map<number, DirectoryEntry>> {
  const contacts = await contactsOf(db, userIds);
  return new Map([...contacts].map(([id, { email: _email, ...entry }]) => [id, entry]));
}

/** Names, companies and e-mails of the given users (those the projection knows). */
export async function contactsOf(db: Db, userIds: readonly (number | null)[]): Promise<Map<number, DirectoryContact>> {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = (await db('user_directory').whereIn('user_id', ids).select('user_id', 'name', 'company', 'email')) as Array<{
    user_id: number;
    name: string;
    company: string | null;
    email: string | null;
  }>;
  return new Map(rows.map((r) => [r.user_id, { id: r.user_id, name: r.name, company: r.company, email: r.email }]));
}

/** The assigned carrier's name and company, null when none is assigned or the name is not known yet. */
export async function carrierOf(db: Db, carrierId: number | null): Promise<DirectoryEntry | null> {
  if (carrierId === null) return null;
  return (await namesOf(db, [carrierId])).get(carrierId) ?? null;
}
