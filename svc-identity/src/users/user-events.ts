import { randomUUID } from 'node:crypto';
import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { Db } from '../context';
import { announceCarrierProfile } from '../carrier-profile/announce';
import type { IdentityContext } from '../context';
import type { UserRow } from './repo';

type UserUpdated = EventPayload<typeof eventTypes.userUpdated>;
type UserRegistered = EventPayload<typeof eventTypes.userRegistered>;
type ContactRow = Pick<UserRow, 'phone' | 'address' | 'postal_code' | 'city' | 'country'>;

/** The billing address on one line, as the directories show it: 'Havnegade 1, 8000 Aarhus C' (a country other than Denmark added). */
export function addressLineOf(row: Pick<UserRow, 'address' | 'postal_code' | 'city' | 'country'>): string | null {
  const nonEmpty = (part: string | null | undefined) => (part ?? '').trim();
  const place = [nonEmpty(row.postal_code), nonEmpty(row.city)].filter(Boolean).join(' ');
  const country = nonEmpty(row.country);
  const parts = [nonEmpty(row.address), place, /^(danmark|denmark|dk)$/i.test(country) ? '' : country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Phone and address for the directories (the assigned carrier's contact details on a task and its fragtbrev). */
const contactOf = (row: ContactRow) => ({ phone: row.phone?.trim() || null, address: addressLineOf(row) });

/** Whether reg.nr. and kontonummer are saved (profile 'Bank'); svc-ledger asks for them before a payout request. */
export const hasBankDetailsOf = (row: Pick<UserRow, 'bank_reg' | 'bank_account'>) => Boolean(row.bank_reg?.trim() && row.bank_account?.trim());

const userUpdatedOf = (row: UserRow): UserUpdated => ({
  userId: row.id,
  name: row.name,
  email: row.email,
  company: row.company ?? null,
  role: row.role,
  ...contactOf(row),
  hasBankDetails: hasBankDetailsOf(row),
});

/** identity.user.registered's payload for a new account. */
export const userRegisteredOf = (row: UserRow): UserRegistered => ({
  userId: row.id,
  role: row.role,
  name: row.name,
  email: row.email,
  company: row.company ?? null,
  ...contactOf(row),
});

/**
 * identity.user.updated, in the transaction of the change: other services keep the names they show (the user
 * directories of svc-tasks, svc-chat and svc-ledger) from it instead of asking per page.
 */
export async function announceUserUpdated(context: IdentityContext, trx: Knex.Transaction, row: UserRow): Promise<void> {
  await context.outbox.add(trx, eventTypes.userUpdated, userUpdatedOf(row), { correlationId: randomUUID() });
}

/**
 * Bump when a service gains a projection of users (or carrier profiles) that existing databases must fill: at the
 * next start identity announces every user once more. 1: svc-tasks, svc-chat and svc-ledger directories. 2: phone
 * and address in those directories. 3: whether a user has saved bank details (svc-ledger's payout requests). 5: the
 * verified e-mails (identity.user.email_verified, `announced`), which svc-tasks now keeps for claims by a guest link.
 */
export const DIRECTORY_VERSION = 5;
const ANNOUNCE_BATCH = 500;

/**
 * The directory backfill: when the stored version is behind DIRECTORY_VERSION, every user is announced again
 * (identity.user.updated, and identity.carrier.profile_updated for carriers) through the outbox, and the version is
 * stored in the same transaction. Cheap on every later start (one row read); harmless when repeated, because the
 * projections merge by user id. The row lock keeps two replicas starting together from announcing twice.
 * Returns how many users were announced.
 */
export async function announceDirectory(context: IdentityContext, version = DIRECTORY_VERSION): Promise<number> {
  return context.db.transaction(async (trx) => {
    await trx('directory_announcements').insert({ id: 1, version: 0 }).onConflict('id').ignore();
    const stored = (await trx('directory_announcements').where({ id: 1 }).forUpdate().first('version')) as { version: number };
    if (stored.version >= version) return 0;
    const correlationId = randomUUID();
    let announced = 0;
    for (let lastId = 0; ; ) {
      const rows = (await trx('users').where('id', '>', lastId).orderBy('id').limit(ANNOUNCE_BATCH)) as UserRow[];
      if (rows.length === 0) break;
      for (const row of rows) {
        await context.outbox.add(trx, eventTypes.userUpdated, userUpdatedOf(row), { correlationId });
        await announceCarrierProfile(context, trx, row);
        await announceEmailVerified(context, trx, row, 'announced');
      }
      announced += rows.length;
      lastId = rows.at(-1)?.id ?? lastId;
    }
    await trx('directory_announcements').where({ id: 1 }).update({ version, announced_at: trx.fn.now() });
    return announced;
  });
}

/**
 * identity.user.email_verified, in the transaction that verified the e-mail or opened a session for a user whose e-mail
 * is verified (and in the directory backfill): svc-tasks remembers it, so the account may take a guest task of that
 * e-mail by its link, and carries out such a claim made before. Nothing is said for an unverified e-mail.
 */
export async function announceEmailVerified(
  context: Pick<IdentityContext, 'outbox'>,
  trx: Db,
  row: Pick<UserRow, 'id' | 'email' | 'role' | 'email_verified_at'>,
  reason: EventPayload<typeof eventTypes.userEmailVerified>['reason'],
): Promise<void> {
  if (!row.email_verified_at) return;
  await context.outbox.add(
    trx as Knex.Transaction,
    eventTypes.userEmailVerified,
    { userId: row.id, email: row.email, role: row.role, reason } satisfies EventPayload<typeof eventTypes.userEmailVerified>,
    { correlationId: randomUUID() },
  );
}
