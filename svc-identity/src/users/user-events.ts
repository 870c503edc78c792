import { randomUUID } from 'node:crypto';
import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { Db } from '../context';
import type { IdentityContext } from '../context';
import type { UserRow } from './repo';

/**
 * identity.user.updated, in the transaction of the change: other services keep the names they show (svc-tasks'
 * user directory: the carrier on a task, the freight note's parties) from it instead of asking per page.
 */
export async function announceUserUpdated(context: IdentityContext, trx: Knex.Transaction, row: UserRow): Promise<void> {
  await context.outbox.add(
    trx,
    eventTypes.userUpdated,
    { userId: row.id, name: row.name, email: row.email, company: row.company ?? null } satisfies EventPayload<typeof eventTypes.userUpdated>,
    { correlationId: randomUUID() },
  );
}

/**
 * identity.user.email_verified, in the transaction that verified the e-mail or opened a session for a user whose e-mail
 * is verified: svc-tasks attaches a guest's tasks with that contact e-mail to the account (guest follow-up). Nothing is
 * said for an unverified e-mail, so it claims nothing.
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
