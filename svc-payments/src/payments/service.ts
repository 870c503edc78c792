import { eventTypes, maxCardAmountOre, mockCards, oreToDkk, paymentCurrency, type AuthUser, type CreatePaymentIntentBody, type InternalBid, type PaymentIntentResponse, type PaymentSnapshot, type PaymentStateResponse, type PaymentSucceededPayload } from '@fragtbud/contracts';
import { AppError, domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { EventMeta, PaymentsContext } from '../context';
import type { MockDecline } from '../providers/mock';
import { ProviderError, type PaymentProvider, type ProviderIntent } from '../providers/provider';
import {
  countCanceledPayments,
  findOpenPayment,
  findPaymentByIdempotencyKey,
  findPaymentByProviderId,
  findSucceededPaymentOfTask,
  insertPaymentIfAbsent,
  lockPaymentByProviderId,
  saveStripeCustomer,
  stripeCustomerOf,
  updatePayment,
  type PaymentRow,
} from './repo';

/** A task with an accepted bid that is not completed, cancelled or paid (spec section 4; issue #12). */
const payableStatuses = new Set<string>(['assigned', 'picked_up', 'in_transit', 'delivered', 'in_progress']);

const taskNotFound = () => domainError('task_not_found');
const paymentNotFound = () => domainError('payment_not_found');
const couldNotStart = () => domainError('payment_provider_unavailable', { variant: 'couldNotStartPayment' });

// ---- POST /payments/intents ----

/**
 * The task owner starts paying the task's accepted bid. The amount is the bid's quote total from its snapshot
 * (svc-bids), never anything the client sends. Asking again — a double click, a reload — gives the same intent;
 * a task already paid answers `paid: true` and creates nothing.
 */
export async function createPaymentIntent(
  context: PaymentsContext,
  caller: AuthUser,
  body: CreatePaymentIntentBody,
  meta: EventMeta,
): Promise<PaymentIntentResponse> {
  const { taskId } = body;
  const task = await context.tasks.findTask(taskId, meta.correlationId);
  if (!task) throw taskNotFound();
  if (task.user_id === null || task.user_id !== caller.id) throw domainError('forbidden');

  const provider = context.providers.active;
  const paid = await findSucceededPaymentOfTask(context.db, taskId);
  if (paid) return paidAnswer(provider, paid);
  // Marked paid by an admin (or paid before this service kept rows): nothing to charge.
  if (task.status === 'paid') return paidAnswer(provider, null);
  // The carrier may pick up (and deliver) before the customer has paid: paying stays open until completion.
  // Still open in svc-tasks: the acceptance event may not have arrived yet (events delayed). svc-bids owns the
  // acceptance, so an accepted bid there makes the task payable now; svc-tasks applies the payment once it has
  // applied the acceptance.
  const acceptanceOnItsWay = task.status === 'open_for_bids';
  if (!payableStatuses.has(task.status) && !acceptanceOnItsWay) throw domainError('task_not_payable');

  const bid = await context.bids.findAcceptedBid(taskId, meta.correlationId);
  if (!bid || bid.status !== 'accepted' || bid.taskId !== taskId) {
    if (acceptanceOnItsWay) throw domainError('task_not_payable');
    throw domainError('no_accepted_bid');
  }
  // The bid's validity is the deadline to choose and pay it; once the carrier has started the job it no longer runs.
  if (task.status === 'assigned' && new Date(bid.validUntil).getTime() <= context.now().getTime()) {
    throw domainError('bid_expired', { variant: 'paymentDeadlinePassed' });
  }
  const amountOre = bid.quote.totalOre;
  if (amountOre > maxCardAmountOre) throw domainError('amount_too_large');

  const key = { task_id: taskId, bid_id: bid.id, amount_ore: amountOre, provider: provider.name };
  const open = await findOpenPayment(context.db, key);
  if (open) {
    const current = await reconcile(context, provider, open, meta);
    if (current.status === 'succeeded') return paidAnswer(provider, current);
    if (current.status === 'pending') return intentAnswer(context, provider, current);
    // Given up at the provider: a new attempt below.
  }

  const attempt = (await countCanceledPayments(context.db, key)) + 1;
  const idempotencyKey = `fragtbud-task-${taskId}-bid-${bid.id}-amount-${amountOre}${attempt > 1 ? `-attempt-${attempt}` : ''}`;
  const intent = await createAtProvider(context, provider, {
    amountOre,
    currency: 'dkk',
    idempotencyKey,
    description: `Fragtbud opgave #${taskId}`,
    metadata: { taskId: String(taskId), bidId: String(bid.id), customerId: String(caller.id) },
    ...(provider.name === 'stripe' ? { providerCustomerId: await stripeCustomerFor(context, caller.id) } : {}),
  });
  if (intent.amountOre !== amountOre || intent.currency.toUpperCase() !== paymentCurrency) {
    context.logger.error({ taskId, intentId: intent.id, amountOre, got: intent.amountOre }, 'provider answered with another amount');
    throw couldNotStart();
  }

  const now = context.now();
  const inserted = await insertPaymentIfAbsent(
    context.db,
    {
      task_id: taskId,
      bid_id: bid.id,
      customer_id: caller.id,
      carrier_id: bid.carrierId,
      amount_ore: amountOre,
      provider: provider.name,
      provider_payment_id: intent.id,
      client_secret: intent.clientSecret,
      idempotency_key: idempotencyKey,
      attempt,
      provider_status: intent.status,
      snapshot: snapshotOf(bid),
    },
    now,
  );
  // Lost a race with the same request (same key, so the same intent): answer with what it recorded.
  const row = inserted ?? (await findPaymentByIdempotencyKey(context.db, idempotencyKey)) ?? (await findOpenPayment(context.db, key));
  if (!row) throw domainError('payment_changed');
  if (inserted) context.logger.info({ taskId, bidId: bid.id, paymentId: row.id, provider: provider.name, amountOre }, 'payment intent created');
  return intentAnswer(context, provider, row);
}

/** The customer's Stripe Customer, made on their first card payment (the card is saved to it for extra fees). */
async function stripeCustomerFor(context: PaymentsContext, userId: number): Promise<string> {
  const known = await stripeCustomerOf(context.db, userId);
  if (known) return known;
  const stripe = context.providers.stripe;
  if (!stripe) throw couldNotStart();
  try {
    const customerId = await stripe.ensureCustomer(userId);
    await saveStripeCustomer(context.db, userId, customerId);
    return customerId;
  } catch (error) {
    context.logger.error({ err: error, userId }, 'stripe customer not created');
    throw couldNotStart();
  }
}

function snapshotOf(bid: InternalBid): PaymentSnapshot {
  return {
    quote: bid.quote,
    vatPercentage: bid.settings.vatPercentage,
    carrierFee: bid.carrierFee,
    carrierListId: bid.carrierList?.id ?? null,
  };
}

async function createAtProvider(
  context: PaymentsContext,
  provider: PaymentProvider,
  input: Parameters<PaymentProvider['createIntent']>[0],
): Promise<ProviderIntent> {
  try {
    return await provider.createIntent(input);
  } catch (error) {
    context.logger.error({ err: error, provider: provider.name, idempotencyKey: input.idempotencyKey }, 'payment intent not created');
    throw couldNotStart();
  }
}

function intentAnswer(context: PaymentsContext, provider: PaymentProvider, row: PaymentRow): PaymentIntentResponse {
  return {
    provider: row.provider,
    clientSecret: row.client_secret,
    paymentIntentId: row.provider_payment_id,
    ...(row.provider === 'stripe' && provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
    ...(context.config.PUBLIC_ORIGIN ? { returnUrl: `${context.config.PUBLIC_ORIGIN}/payment-success` } : {}),
    amount: oreToDkk(row.amount_ore),
    currency: paymentCurrency,
    paid: false,
  };
}

function paidAnswer(provider: PaymentProvider, row: PaymentRow | null): PaymentIntentResponse {
  return {
    provider: row?.provider ?? provider.name,
    clientSecret: null,
    paymentIntentId: row?.provider_payment_id ?? null,
    amount: row ? oreToDkk(row.amount_ore) : null,
    currency: paymentCurrency,
    paid: true,
  };
}

/** Asks the provider how a pending payment stands and records what it says (a success only once). */
async function reconcile(context: PaymentsContext, provider: PaymentProvider, row: PaymentRow, meta: EventMeta): Promise<PaymentRow> {
  if (row.status !== 'pending') return row;
  let intent: ProviderIntent | null;
  try {
    intent = await provider.retrieveIntent(row.provider_payment_id);
  } catch (error) {
    // The provider did not answer: the intent we have is still the one to use.
    context.logger.warn({ err: error, paymentId: row.id }, 'could not ask the provider about a pending payment');
    return row;
  }
  if (!intent) return row;
  return (await recordProviderState(context, intent, meta)) ?? row;
}

// ---- what the provider says → our row (confirm, mock complete, webhook) ----

/**
 * Records the provider's word on an intent in one transaction: a success marks the payment succeeded and writes
 * `payments.payment.succeeded` — once, however often it is reported (confirm retried, webhook replayed, double
 * complete), since the row is locked and its state checked first. Undefined when the intent is not ours.
 */
export async function recordProviderState(
  context: PaymentsContext,
  intent: ProviderIntent,
  meta: EventMeta,
  trx?: Knex.Transaction,
): Promise<PaymentRow | undefined> {
  if (!trx) return context.db.transaction((inner) => recordProviderState(context, intent, meta, inner));
  const row = await lockPaymentByProviderId(trx, intent.id);
  if (!row) return undefined;
  if (row.status === 'succeeded') return row;
  const now = context.now();
  if (intent.status === 'succeeded') {
    if (row.status === 'canceled') {
      context.logger.error({ paymentId: row.id, intentId: intent.id }, 'a canceled payment reported succeeded; left as it is');
      return row;
    }
    if (intent.amountOre !== row.amount_ore || intent.currency.toUpperCase() !== row.currency) {
      context.logger.error(
        { paymentId: row.id, intentId: intent.id, amountOre: intent.amountOre },
        'succeeded intent has another amount; not recorded',
      );
      return row;
    }
    const other = await findSucceededPaymentOfTask(trx, row.task_id);
    if (other) context.logger.error({ paymentId: row.id, otherPaymentId: other.id, taskId: row.task_id }, 'task paid twice: refund one');
    const succeeded = {
      status: 'succeeded',
      provider_status: intent.status,
      last_error: null,
      succeeded_at: now,
      // The card the customer used, saved (setup_future_usage) for an admin's extra fee later.
      provider_customer_id: intent.customerId ?? row.provider_customer_id,
      payment_method_id: intent.paymentMethodId ?? row.payment_method_id,
    } as const;
    const updated = await updatePayment(trx, row.id, succeeded, now);
    await context.outbox.add(trx, eventTypes.paymentSucceeded, succeededPayload(updated), meta);
    context.logger.info({ paymentId: row.id, taskId: row.task_id, amountOre: row.amount_ore }, 'payment succeeded');
    return updated;
  }
  if (intent.status === 'canceled') {
    return updatePayment(trx, row.id, { status: 'canceled', provider_status: intent.status }, now);
  }
  if (intent.status === row.provider_status && intent.lastError === row.last_error) return row;
  return updatePayment(trx, row.id, { provider_status: intent.status, last_error: intent.lastError ?? row.last_error }, now);
}

function succeededPayload(row: PaymentRow): PaymentSucceededPayload {
  return {
    paymentId: row.id,
    taskId: row.task_id,
    bidId: row.bid_id,
    customerId: row.customer_id,
    carrierId: row.carrier_id,
    amountOre: row.amount_ore,
    currency: paymentCurrency,
    provider: row.provider,
    providerPaymentId: row.provider_payment_id,
    snapshot: row.snapshot,
    succeededAt: (row.succeeded_at ?? row.updated_at).toISOString(),
  };
}

// ---- POST /payments/confirm ----

/** After the card step in the browser: the owner asks us to check with the provider. Repeats are harmless. */
export async function confirmPayment(
  context: PaymentsContext,
  caller: AuthUser,
  paymentIntentId: string,
  meta: EventMeta,
): Promise<PaymentStateResponse> {
  const row = await ownPayment(context, caller, paymentIntentId);
  if (row.status !== 'pending') return stateOf(row);
  const provider = context.providers.byName(row.provider);
  if (!provider) throw couldNotStart();
  let intent: ProviderIntent | null;
  try {
    intent = await provider.retrieveIntent(row.provider_payment_id);
  } catch (error) {
    context.logger.warn({ err: error, paymentId: row.id }, 'provider did not answer a confirm');
    throw domainError(error instanceof ProviderError ? 'payment_provider_unavailable' : 'service_unavailable');
  }
  if (!intent) throw paymentNotFound();
  return stateOf((await recordProviderState(context, intent, meta)) ?? row);
}

async function ownPayment(context: PaymentsContext, caller: AuthUser, paymentIntentId: string): Promise<PaymentRow> {
  const row = await findPaymentByProviderId(context.db, paymentIntentId);
  if (!row) throw paymentNotFound();
  if (row.customer_id !== caller.id) throw domainError('forbidden');
  return row;
}

function stateOf(row: PaymentRow): PaymentStateResponse {
  return {
    paymentIntentId: row.provider_payment_id,
    status: row.status,
    providerStatus: row.provider_status,
    paid: row.status === 'succeeded',
    taskId: row.task_id,
  };
}

// ---- POST /payments/mock/{id}/complete ----

const declineErrors: Record<MockDecline, () => AppError> = {
  card_declined: () => domainError('card_declined'),
  insufficient_funds: () => domainError('card_declined', { variant: 'cardInsufficientFunds' }),
};

/** The mock's card step (the mock provider only): the success card pays, the decline cards are refused. */
export async function completeMockPayment(
  context: PaymentsContext,
  caller: AuthUser,
  paymentIntentId: string,
  card: string | undefined,
  meta: EventMeta,
): Promise<PaymentStateResponse> {
  if (context.providers.active.name !== 'mock') throw domainError('mock_provider_disabled');
  const row = await ownPayment(context, caller, paymentIntentId);
  if (row.provider !== 'mock') throw domainError('mock_provider_disabled');
  if (row.status === 'succeeded') return stateOf(row);
  if (row.status === 'canceled') throw domainError('payment_canceled');
  const result = await context.providers.mock.completeCardStep(row.provider_payment_id, card ?? mockCards.success);
  if (!result) throw paymentNotFound();
  const updated = (await recordProviderState(context, result.intent, meta)) ?? row;
  if (result.decline) throw declineErrors[result.decline]();
  return stateOf(updated);
}
