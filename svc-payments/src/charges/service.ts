import { randomUUID } from 'node:crypto';
import {
  chargeVatIncludedDefault,
  eventTypes,
  messages,
  oreToDkk,
  paymentCurrency,
  type AuthUser,
  type ChargeBody,
  type ChargeResponse,
  type ChargeSucceededPayload,
  type PaymentProviderName,
} from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { EventMeta, PaymentsContext } from '../context';
import { findSucceededPaymentOfTask } from '../payments/repo';
import { CardDeclinedError, type ProviderIntent } from '../providers/provider';

interface ChargeRow {
  id: number;
  task_id: number;
  customer_id: number;
  amount_ore: number;
  reason: string;
  provider: PaymentProviderName;
  status: 'succeeded' | 'failed';
}

function toJson(row: ChargeRow): ChargeResponse {
  return {
    id: row.id,
    taskId: row.task_id,
    customerId: row.customer_id,
    amount: oreToDkk(Number(row.amount_ore)),
    reason: row.reason,
    provider: row.provider,
    status: row.status,
    message: row.status === 'succeeded' ? messages.chargeSucceeded : messages.chargeFailed,
  };
}

const chargeFailed = () => domainError('charge_failed');

/**
 * POST /admin/charges: an extra fee on the card the customer paid the task with, off-session (the mock always
 * succeeds). Booked (payments.charge.succeeded → svc-ledger's `charge` row) only when the card paid; a refusal is
 * kept for the record, answered 422 and books nothing. The same Idempotency-Key again gives the first answer.
 */
export async function chargeExtraFee(
  context: PaymentsContext,
  admin: AuthUser,
  body: ChargeBody,
  idempotencyKey: string | undefined,
  meta: EventMeta,
): Promise<{ created: boolean; value: ChargeResponse }> {
  const key = `fragtbud-charge-${admin.id}-${idempotencyKey ?? randomUUID()}`;
  const earlier = (await context.db('charges').where({ idempotency_key: key }).first()) as ChargeRow | undefined;
  if (earlier) {
    if (earlier.status === 'failed') throw chargeFailed();
    return { created: false, value: toJson(earlier) };
  }
  const payment = await findSucceededPaymentOfTask(context.db, body.taskId);
  if (!payment) throw domainError('charge_no_saved_card');
  if (payment.customer_id !== body.customerId) throw domainError('charge_task_mismatch');
  const provider = context.providers.byName(payment.provider);
  if (!provider) throw domainError('payment_provider_unavailable');

  const base = {
    task_id: body.taskId,
    customer_id: body.customerId,
    payment_id: payment.id,
    amount_ore: body.amount,
    reason: body.reason,
    provider: payment.provider,
    idempotency_key: key,
    created_by: admin.id,
  };
  let intent: ProviderIntent;
  try {
    intent = await provider.chargeSavedCard({
      customerId: payment.provider_customer_id,
      paymentMethodId: payment.payment_method_id,
      amountOre: body.amount,
      currency: 'dkk',
      idempotencyKey: key,
      description: `Fragtbud opgave #${body.taskId}: ${body.reason}`.slice(0, 200),
      metadata: { taskId: String(body.taskId), customerId: String(body.customerId), kind: 'extra_fee' },
    });
  } catch (error) {
    if (!(error instanceof CardDeclinedError)) {
      context.logger.error({ err: error, taskId: body.taskId }, 'extra charge: provider did not answer');
      throw domainError('payment_provider_unavailable');
    }
    await context.db('charges').insert({ ...base, status: 'failed', last_error: error.message }).onConflict('idempotency_key').ignore();
    context.logger.warn({ taskId: body.taskId, reason: error.message }, 'extra charge declined; nothing booked');
    throw chargeFailed();
  }
  const row = await context.db.transaction(async (trx) => {
    const now = context.now();
    const [inserted] = (await trx('charges')
      .insert({ ...base, status: 'succeeded', provider_payment_id: intent.id, succeeded_at: now })
      .onConflict('idempotency_key')
      .ignore()
      .returning('*')) as ChargeRow[];
    if (!inserted) return null;
    await context.outbox.add(
      trx,
      eventTypes.chargeSucceeded,
      {
        chargeId: inserted.id,
        taskId: body.taskId,
        customerId: body.customerId,
        amountOre: body.amount,
        reason: body.reason,
        vatIncluded: body.vatIncluded ?? chargeVatIncludedDefault,
        provider: payment.provider,
        providerPaymentId: intent.id,
        chargedBy: admin.id,
        succeededAt: now.toISOString(),
      } satisfies ChargeSucceededPayload,
      meta,
    );
    return inserted;
  });
  if (!row) {
    const same = (await context.db('charges').where({ idempotency_key: key }).first()) as ChargeRow;
    return { created: false, value: toJson(same) };
  }
  context.logger.info({ chargeId: row.id, taskId: body.taskId, amountOre: body.amount, currency: paymentCurrency }, 'extra fee charged');
  return { created: true, value: toJson(row) };
}
