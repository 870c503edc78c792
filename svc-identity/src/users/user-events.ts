import { randomUUID } from 'node:crypto';
import { eventTypes, type EventPayload } from '@fragtbud/contracts';
import type { Knex } from 'knex';
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
