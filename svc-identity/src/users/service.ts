import type { AuthUser, ProfileUser, User, UsersQuery } from '@fragtbud/contracts';
import { eventTypes } from '@fragtbud/contracts';
import { domainError, mailTemplates } from '@fragtbud/platform';
import { announceCarrierProfile } from '../carrier-profile/announce';
import type { Db, EventMeta, IdentityContext } from '../context';
import { closeAllSessionsOf } from '../sessions/service';
import type { UserPatch, UserRow } from './repo';
import {
  countUsers,
  deleteUser,
  findUserById,
  listSavedAddresses,
  listUsers,
  lockAdminIds,
  lockUserById,
  updateUser,
} from './repo';
import { announceUserUpdated } from './user-events';
import { toProfileJson, toUserJson } from './user-json';

export interface UserChanges {
  name?: string;
  phone?: string | null;
  company?: string | null;
}

const notFound = () => domainError('user_not_found');
const notSelf = () => domainError('cannot_change_own_account');

function mayAccess(caller: AuthUser, userId: number): void {
  if (caller.role !== 'admin' && caller.id !== userId) throw domainError('forbidden');
}

export async function getUser(context: IdentityContext, caller: AuthUser, userId: number): Promise<User> {
  mayAccess(caller, userId);
  const row = await findUserById(context.db, userId);
  if (!row) throw notFound();
  return toUserJson(row);
}

export async function getProfile(context: IdentityContext, caller: AuthUser): Promise<ProfileUser> {
  const row = await findUserById(context.db, caller.id);
  // The session outlived its user (deleted a moment ago): the caller is no longer anyone.
  if (!row) throw domainError('unauthorized');
  return toProfileJson(row, await listSavedAddresses(context.db, row.id));
}

export async function getMe(context: IdentityContext, caller: AuthUser): Promise<User> {
  const row = await findUserById(context.db, caller.id);
  if (!row) throw domainError('unauthorized');
  return toUserJson(row);
}

export async function changeUser(
  context: IdentityContext,
  caller: AuthUser,
  userId: number,
  changes: UserChanges,
): Promise<User> {
  mayAccess(caller, userId);
  const patch: UserPatch = {};
  if (changes.name !== undefined) patch.name = changes.name;
  if (changes.phone !== undefined) patch.phone = changes.phone || null;
  if (changes.company !== undefined) patch.company = changes.company || null;
  const row =
    Object.keys(patch).length > 0
      ? await context.db.transaction(async (trx) => {
          const current = await lockUserById(trx, userId);
          if (!current) return undefined;
          assertBillingChangeAllowed(caller, current, patch);
          const saved = await updateUser(trx, userId, patch, context.clock());
          // Name, company and phone are what the other services' user directories show.
          if (saved) await announceUserUpdated(context, trx, saved);
          return saved;
        })
      : await findUserById(context.db, userId);
  if (!row) throw notFound();
  return toUserJson(row);
}

/**
 * A carrier's company (like its CVR number and address) is what customers and the public carrier page trust: it changes
 * only through a billing change an admin approves, or by an admin directly — never by the carrier through this route.
 * Sending the unchanged value is not a change.
 */
function assertBillingChangeAllowed(caller: AuthUser, target: UserRow, patch: UserPatch): void {
  if (caller.role === 'admin' || target.role !== 'carrier') return;
  if (patch.company !== undefined && patch.company !== target.company) {
    throw domainError('billing_change_required');
  }
}

export async function removeUser(context: IdentityContext, caller: AuthUser, userId: number, meta: EventMeta): Promise<void> {
  if (caller.id === userId) throw notSelf();
  // As when users delete their own account: not while a task of theirs is under way (svc-tasks answers 409).
  await context.tasks.assertUserMayBeDeleted(userId, meta.correlationId);
  await context.db.transaction(async (trx) => {
    const adminIds = await lockAdminIds(trx);
    const row = await lockUserById(trx, userId);
    if (!row) throw notFound();
    if (row.role === 'admin' && adminIds.filter((id) => id !== userId).length === 0) {
      throw domainError('last_admin');
    }
    await closeAllSessionsOf(context, trx, userId, 'deleted');
    await deleteUser(trx, userId);
    await context.outbox.add(trx, eventTypes.userDeleted, { userId, deletedBy: caller.id }, meta);
  });
  context.logger.info({ userId, deletedBy: caller.id }, 'user deleted');
}

export async function findUsers(
  context: IdentityContext,
  query: UsersQuery,
): Promise<{ items: User[]; total: number; page: number; limit: number }> {
  const { rows, total } = await listUsers(context.db, query);
  return { items: rows.map(toUserJson), total, page: query.page, limit: query.limit };
}

export const countPendingCarriers = (context: IdentityContext) =>
  countUsers(context.db, { role: 'carrier', is_approved: false, is_blocked: false });

export const countBlockedUsers = (context: IdentityContext) => countUsers(context.db, { is_blocked: true });

type AdminAction = 'approve' | 'reject' | 'block' | 'unblock';

/**
 * An admin's decision about a user. The event goes out only when the decision changes something, except a
 * rejection, which is news for the carrier even when they were still pending.
 */
export async function decideUser(
  context: IdentityContext,
  caller: AuthUser,
  userId: number,
  action: AdminAction,
  meta: EventMeta,
): Promise<User> {
  if ((action === 'block' || action === 'unblock') && caller.id === userId) throw notSelf();
  const updated = await context.db.transaction(async (trx) => {
    const row = await lockUserById(trx, userId);
    if (!row) throw notFound();
    const now = context.clock();
    const save = (patch: UserPatch) => updateUser(trx, userId, patch, now) as Promise<UserRow>;
    switch (action) {
      case 'approve': {
        requireCarrier(row);
        if (row.is_approved) return row;
        const saved = await save({ is_approved: true });
        await context.outbox.add(trx, eventTypes.userApproved, { userId, approvedBy: caller.id }, meta);
        await announceCarrierProfile(context, trx, saved);
        await mailCarrierDecision(context, trx, saved, true);
        return saved;
      }
      case 'reject': {
        requireCarrier(row);
        const saved = row.is_approved ? await save({ is_approved: false }) : row;
        await context.outbox.add(trx, eventTypes.userRejected, { userId, rejectedBy: caller.id }, meta);
        await announceCarrierProfile(context, trx, saved);
        await mailCarrierDecision(context, trx, saved, false);
        return saved;
      }
      case 'block': {
        if (row.is_blocked) return row;
        const saved = await save({ is_blocked: true });
        await closeAllSessionsOf(context, trx, userId, 'blocked');
        await context.outbox.add(trx, eventTypes.userBlocked, { userId, blockedBy: caller.id }, meta);
        await announceCarrierProfile(context, trx, saved);
        // Signed out everywhere: the mail is where they learn why (queued in the decision's transaction, once).
        await context.mailer.queue(trx, mailTemplates.accountBlocked(saved.email, { name: saved.name }));
        return saved;
      }
      case 'unblock': {
        if (!row.is_blocked) return row;
        const saved = await save({ is_blocked: false });
        await context.outbox.add(trx, eventTypes.userUnblocked, { userId, unblockedBy: caller.id }, meta);
        await announceCarrierProfile(context, trx, saved);
        return saved;
      }
    }
  });
  context.logger.info({ userId, action, by: caller.id }, 'admin decision on user');
  return toUserJson(updated);
}

/** The carrier hears the admin's decision (queued in the decision's transaction); a blocked carrier is not mailed. */
async function mailCarrierDecision(context: IdentityContext, db: Db, carrier: UserRow, approved: boolean): Promise<void> {
  if (carrier.is_blocked) return;
  const link = `${context.config.PUBLIC_ORIGIN}${approved ? '/tasks?available=true' : '/profile'}`;
  await context.mailer.queue(db, mailTemplates.carrierDecided(carrier.email, { name: carrier.name, approved, link }));
}

function requireCarrier(row: UserRow): void {
  if (row.role !== 'carrier') throw domainError('not_a_carrier');
}
