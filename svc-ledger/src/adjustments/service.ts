import { randomUUID } from 'node:crypto';
import { adjustmentVatIncludedDefault, eventTypes, oreToDkk, vatPartOre, type Adjustment, type AdjustmentBody, type AuthUser, type EventPayload } from '@fragtbud/contracts';
import { domainError, isKnownAsOtherRole } from '@fragtbud/platform';
import type { EventMeta, LedgerContext } from '../context';
import { lockCarrierMoney } from '../payouts/repo';
import type { Created } from '../payouts/service';
import { readSettings } from '../settings/repo';
import { requireKnownTask } from '../task-projection/repo';
import { insertAdjustment, type AdjustmentRow } from './repo';

export function toAdjustmentJson(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    party: row.party,
    user_id: row.user_id,
    carrier_id: row.party === 'carrier' ? row.user_id : null,
    customer_id: row.party === 'customer' ? row.user_id : null,
    task_id: row.task_id,
    amount: oreToDkk(row.amount_ore),
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    vatIncluded: row.vat_included,
    net: oreToDkk(row.amount_ore - row.vat_ore),
    vat: oreToDkk(row.vat_ore),
  };
}

/**
 * POST /finance/adjustments (admin): positive = the platform owes the user, negative = the user owes the platform.
 * A carrier's adjustment counts toward what they have earned at once (so it waits for their payout lock).
 */
export async function createAdjustment(
  context: LedgerContext,
  admin: AuthUser,
  body: AdjustmentBody,
  idempotencyKey: string | undefined,
  meta: EventMeta,
): Promise<Created<Adjustment>> {
  const party = body.carrierId !== undefined ? 'carrier' : 'customer';
  const userId = (body.carrierId ?? body.customerId)!;
  // A typed id of someone of another role (a carrier's id as Customer ID) would book money no screen shows them.
  if (await isKnownAsOtherRole(context.db, userId, party)) {
    throw party === 'carrier' ? domainError('not_a_carrier', { variant: 'ledger' }) : domainError('not_a_customer');
  }
  await requireKnownTask(context.db, body.taskId);
  const vatIncluded = body.vatIncluded ?? adjustmentVatIncludedDefault;
  return context.db.transaction(async (trx) => {
    if (party === 'carrier') await lockCarrierMoney(trx, userId);
    // Incl. VAT: the VAT part at the platform's rate now, kept on the row (a later rate change does not rewrite it).
    const vatOre = vatPartOre(body.amount, vatIncluded, Number((await readSettings(trx)).vat_percentage));
    const { row, created } = await insertAdjustment(trx, {
      party,
      user_id: userId,
      task_id: body.taskId ?? null,
      amount_ore: body.amount,
      vat_included: vatIncluded,
      vat_ore: vatOre,
      reason: body.reason,
      idempotency_key: `adjustment:${admin.id}:${idempotencyKey ?? randomUUID()}`,
      created_by: admin.id,
    });
    // The person it concerns is told (notification and mail), once: only a new adjustment is announced.
    if (created) {
      await context.outbox.add(
        trx,
        eventTypes.adjustmentCreated,
        {
          adjustmentId: row.id,
          party: row.party,
          userId: row.user_id,
          taskId: row.task_id,
          amountOre: row.amount_ore,
          reason: row.reason,
          vatIncluded: row.vat_included,
          createdBy: admin.id,
        } satisfies EventPayload<typeof eventTypes.adjustmentCreated>,
        meta,
      );
    }
    return { created, value: toAdjustmentJson(row) };
  });
}
