/**
 * svc-tasks' projection of identity's users (issue 13, names not numbers): the shared `user_directory` of
 * libs/platform. Read with `namesOf` / `carrierOf`, never a call to svc-identity per page.
 */
import type { Task } from '@fragtbud/contracts';
import { directoryContactsOf, directoryNamesOf, userDirectoryConsumer, type ConsumerDefinition } from '@fragtbud/platform';
import type { Db } from '../context';

export { deletedUserName, type DirectoryContact, type DirectoryEntry } from '@fragtbud/platform';

export function userDirectoryConsumers(): ConsumerDefinition[] {
  return [userDirectoryConsumer('user-directory')];
}

/** Names and companies of the given users (those the projection knows). */
export const namesOf = (db: Db, userIds: readonly (number | null)[]) => directoryNamesOf(db, userIds);

/** Names, companies and e-mails of the given users (those the projection knows). */
export const contactsOf = (db: Db, userIds: readonly (number | null)[]) => directoryContactsOf(db, userIds);

type AssignedCarrier = NonNullable<Task['assigned_carrier']>;

/**
 * The assigned carrier as a task names them to those who see the full task (owner, admin, the carrier): name,
 * company, CVR number, e-mail, phone and address. Null when none is assigned or the name is not known yet.
 */
export async function carrierOf(db: Db, carrierId: number | null): Promise<AssignedCarrier | null> {
  if (carrierId === null) return null;
  const contact = (await contactsOf(db, [carrierId])).get(carrierId);
  if (!contact) return null;
  const profile = (await db('carrier_profiles').where({ user_id: carrierId }).first('cvr_number')) as { cvr_number: string | null } | undefined;
  const { id, name, company, email, phone, address } = contact;
  return { id, name, company, cvrNumber: profile?.cvr_number ?? null, email, phone, address };
}
