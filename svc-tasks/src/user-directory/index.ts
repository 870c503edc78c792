/**
 * svc-tasks' projection of identity's users (issue 13, names not numbers): the shared `user_directory` of
 * libs/platform. Read with `namesOf` / `carrierOf`, never a call to svc-identity per page.
 */
import { directoryContactsOf, directoryNamesOf, userDirectoryConsumer, type ConsumerDefinition, type DirectoryEntry } from '@fragtbud/platform';
import type { Db } from '../context';

export { deletedUserName, type DirectoryContact, type DirectoryEntry } from '@fragtbud/platform';

export function userDirectoryConsumers(): ConsumerDefinition[] {
  return [userDirectoryConsumer('user-directory')];
}

/** Names and companies of the given users (those the projection knows). */
export const namesOf = (db: Db, userIds: readonly (number | null)[]) => directoryNamesOf(db, userIds);

/** Names, companies and e-mails of the given users (those the projection knows). */
export const contactsOf = (db: Db, userIds: readonly (number | null)[]) => directoryContactsOf(db, userIds);

/** The assigned carrier's name and company, null when none is assigned or the name is not known yet. */
export async function carrierOf(db: Db, carrierId: number | null): Promise<DirectoryEntry | null> {
  if (carrierId === null) return null;
  return (await namesOf(db, [carrierId])).get(carrierId) ?? null;
}
