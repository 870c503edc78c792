import type { AuthUser, BillingChange, BillingInfo, BillingInfoBody } from '@fragtbud/contracts';

import { domainError, mailTemplates } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { announceUserUpdated } from '../users/user-events';
import { findUserById, lockUserById, updateUser, type UserRow } from '../users/repo';
import {
  decideBillingChange,
  insertBillingChange,
  latestBillingChangeOf,
  listBillingChanges,
  lockBillingChange,
  type BillingChangeRow,
  type BillingChangeStatus,
  type BillingChangeWithUser,
} from './repo';
import { announceCarrierProfile } from '../carrier-profile/announce';
import { verifyCarrierCvr } from '../carrier-profile/verify-cvr';

export function billingOf(row: UserRow): BillingInfo {
  return {
    company: row.company,
    cvrNumber: row.cvr_number,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
  };
}

const billingPatch = (data: BillingInfo) => ({
  company: data.company,
  cvr_number: data.cvrNumber,
  address: data.address,
  postal_code: data.postalCode,
  city: data.city,
  country: data.country,
});

function toChangeJson(row: BillingChangeRow | BillingChangeWithUser): BillingChange {
  return {
    id: row.id,
    user_id: row.user_id,
    ...('user_name' in row
      ? { user: { id: row.user_id, name: row.user_name, email: row.user_email, company: row.user_company } }
      : {}),
    data: row.data,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
  };
}

async function userOf(context: IdentityContext, caller: AuthUser): Promise<UserRow> {
  const row = await findUserById(context.db, caller.id);
  if (!row) throw domainError('unauthorized');
  return row;
}

export async function getBilling(context: IdentityContext, caller: AuthUser): Promise<BillingInfo> {
  return billingOf(await userOf(context, caller));
}

/** Customers (and admins) save their billing details directly; carriers go through an approved change. */
export async function saveBilling(context: IdentityContext, caller: AuthUser, body: BillingInfoBody): Promise<BillingInfo> {
  if (caller.role === 'carrier') {
    throw domainError('billing_change_required');
  }
  const row = await context.db.transaction(async (trx) => {
    const saved = await updateUser(trx, caller.id, billingPatch(body), context.clock());
    // The company and address are in the other services' user directories.
    if (saved) await announceUserUpdated(context, trx, saved);
    return saved;
  });
  if (!row) throw domainError('unauthorized');
  return billingOf(row);
}

/** A carrier's request to change billing details; one pending at a time. */
export async function requestBillingChange(context: IdentityContext, caller: AuthUser, data: BillingInfoBody): Promise<BillingChange> {
  const row = await insertBillingChange(context.db, caller.id, data, context.clock());
  if (!row) throw domainError('billing_change_pending');
  context.logger.info({ userId: caller.id, changeId: row.id }, 'billing change requested');
  return toChangeJson(row);
}

export async function myLatestBillingChange(context: IdentityContext, caller: AuthUser): Promise<BillingChange | null> {
  const row = await latestBillingChangeOf(context.db, caller.id);
  return row ? toChangeJson(row) : null;
}

export async function billingChanges(context: IdentityContext, status: BillingChangeStatus | undefined): Promise<BillingChange[]> {
  return (await listBillingChanges(context.db, status)).map(toChangeJson);
}

/** An admin decides a pending change: approved values become the carrier's billing details; the carrier is mailed. */
export async function decideChange(
  context: IdentityContext,
  caller: AuthUser,
  changeId: number,
  decision: 'approve' | 'reject',
): Promise<BillingChange> {
  const now = context.clock();
  const decided = await context.db.transaction(async (trx) => {
    const change = await lockBillingChange(trx, changeId);
    if (!change) throw domainError('billing_change_not_found');
    if (change.status !== 'pending') throw domainError('billing_change_decided');
    const carrier = await lockUserById(trx, change.user_id);
    if (!carrier) throw domainError('user_not_found');
    const approved = decision === 'approve';
    const row = await decideBillingChange(trx, changeId, {
      status: approved ? 'approved' : 'rejected',
      decided_at: now,
      decided_by: caller.id,
    });
    if (approved) {
      const updated = await updateUser(trx, carrier.id, billingPatch(change.data), now);
      if (updated) {
        await announceUserUpdated(context, trx, updated);
        await announceCarrierProfile(context, trx, updated);
      }
    }
    await context.mailer.queue(
      trx,
      mailTemplates.billingChangeDecided(carrier.email, { name: carrier.name, approved, link: `${context.config.PUBLIC_ORIGIN}/profile?tab=billing` }),
    );
    return row;
  });
  context.logger.info({ changeId, decision, by: caller.id }, 'billing change decided');
  // The approved CVR number is checked against the register after the decision is stored (it may be slow or down).
  if (decision === 'approve') await verifyCarrierCvr(context, decided.user_id);
  return toChangeJson(decided);
}
