import { randomUUID } from 'node:crypto';
import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { IdentityContext } from '../context';
import type { UserRow } from '../users/repo';

type CarrierProfileUpdated = EventPayload<typeof eventTypes.carrierProfileUpdated>;

/** The latest expiry date (yyyy-mm-dd) among the carrier's insurance documents; null when none has one. */
async function insuredUntilOf(trx: Knex.Transaction, userId: number): Promise<string | null> {
  const row = (await trx('insurance_records')
    .where({ user_id: userId })
    .whereNotNull('expires_at')
    .first(trx.raw(`to_char(max(expires_at), 'YYYY-MM-DD') as insured_until`))) as { insured_until: string | null } | undefined;
  return row?.insured_until ?? null;
}

/** What the carrier's public profile shows from identity, as the event carries it. */
export async function carrierProfileOf(trx: Knex.Transaction, row: UserRow): Promise<CarrierProfileUpdated> {
  return {
    userId: row.id,
    cvrNumber: row.cvr_number,
    cvrVerified: row.cvr_number !== null && row.cvr_verified_number === row.cvr_number,
    insuredUntil: await insuredUntilOf(trx, row.id),
    memberSince: new Date(row.created_at).toISOString(),
    listed: row.is_approved && !row.is_blocked,
  };
}

/**
 * identity.carrier.profile_updated, in the transaction of the change (registration, billing approval, insurance, CVR
 * check, approval, rejection, blocking): svc-tasks keeps the public profile's badges from it instead of asking per bid table. Not for other roles.
 */
export async function announceCarrierProfile(context: IdentityContext, trx: Knex.Transaction, row: UserRow): Promise<void> {
  if (row.role !== 'carrier') return;
  await context.outbox.add(trx, eventTypes.carrierProfileUpdated, await carrierProfileOf(trx, row), { correlationId: randomUUID() });
}
