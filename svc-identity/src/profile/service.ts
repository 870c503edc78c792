import type { AuthUser, ProfileUser } from '@fragtbud/contracts';

import { domainError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { findUserById, listSavedAddresses, updateUser, type UserPatch } from '../users/repo';
import { announceUserUpdated } from '../users/user-events';
import { toProfileJson } from '../users/user-json';

export interface ProfileChanges {
  name?: string | undefined;
  phone?: string | null | undefined;
  savedAddresses?: Array<{ id?: number | undefined; name: string; address: string }> | undefined;
}

/** PUT /users/profile: the caller's own name, phone and saved addresses (the given list replaces the saved one). */
export async function updateProfile(context: IdentityContext, caller: AuthUser, changes: ProfileChanges): Promise<ProfileUser> {
  const now = context.clock();
  await context.db.transaction(async (trx) => {
    const patch: UserPatch = {};
    if (changes.name !== undefined) patch.name = changes.name;
    if (changes.phone !== undefined) patch.phone = changes.phone || null;
    const row = await updateUser(trx, caller.id, patch, now);
    if (!row) throw domainError('unauthorized');
    // The directories show the name and (for an assigned carrier) the phone.
    if (patch.name !== undefined || patch.phone !== undefined) await announceUserUpdated(context, trx, row);
    if (changes.savedAddresses) {
      await trx('saved_addresses').where({ user_id: caller.id }).delete();
      if (changes.savedAddresses.length > 0) {
        await trx('saved_addresses').insert(
          changes.savedAddresses.map((address) => ({ user_id: caller.id, name: address.name, address: address.address, created_at: now })),
        );
      }
    }
  });
  const row = await findUserById(context.db, caller.id);
  if (!row) throw domainError('unauthorized');
  return toProfileJson(row, await listSavedAddresses(context.db, caller.id));
}
