import {
  eventTypes,
  messages,
  payoutStatusChangedPayloadSchema,
  type EventEnvelope,
  type PayoutLinkResponse,
} from '@fragtbud/contracts';
import { causedBy, domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { Db, PaymentsContext } from '../context';
import type { StripeProvider } from '../providers/stripe';

const notConfigured = (): PayoutLinkResponse => ({ message: messages.payoutProviderNotConfigured });

async function accountOf(db: Db, userId: number): Promise<string | undefined> {
  const row = (await db('connected_accounts').where({ user_id: userId }).first()) as { account_id: string } | undefined;
  return row?.account_id;
}

/** The carrier's Express account: the one made before, or a new one (Stripe's idempotency key is the user id). */
async function ensureAccount(context: PaymentsContext, stripe: StripeProvider, userId: number, createdBy: number): Promise<string> {
  const known = await accountOf(context.db, userId);
  if (known) return known;
  const accountId = await stripe.createExpressAccount(userId);
  await context.db('connected_accounts').insert({ user_id: userId, account_id: accountId, created_by: createdBy }).onConflict('user_id').ignore();
  return (await accountOf(context.db, userId)) ?? accountId;
}

const originOf = (context: PaymentsContext) => context.config.PUBLIC_ORIGIN ?? 'http://localhost:8080';

async function withStripe<T>(context: PaymentsContext, work: (stripe: StripeProvider) => Promise<T>): Promise<T | PayoutLinkResponse> {
  const stripe = context.providers.stripe;
  if (!stripe) return notConfigured();
  try {
    return await work(stripe);
  } catch (error) {
    context.logger.error({ err: error }, 'stripe connect call failed');
    throw domainError('connected_account_failed');
  }
}

/** POST /admin/users/{id}/connected-account (admin): a Stripe Express account for the carrier and its onboarding link. */
export function createConnectedAccount(context: PaymentsContext, adminId: number, userId: number): Promise<PayoutLinkResponse> {
  return withStripe(context, async (stripe) => {
    const accountId = await ensureAccount(context, stripe, userId, adminId);
    return { accountId, url: await stripe.onboardingLink(accountId, originOf(context)) };
  });
}

/** POST /finance/payout-link (carrier): the onboarding link of their own account (made on first use). */
export function payoutLink(context: PaymentsContext, carrierId: number): Promise<PayoutLinkResponse> {
  return withStripe(context, async (stripe) => {
    const accountId = await ensureAccount(context, stripe, carrierId, carrierId);
    return { url: await stripe.onboardingLink(accountId, originOf(context)) };
  });
}

/**
 * ledger.payout.status_changed → paid: the payout's gross goes to the carrier's connected account, once per payout
 * (the transfers row and Stripe's idempotency key `fragtbud-payout-<id>`). Without Stripe or an account, nothing
 * moves here (the admin paid some other way, the provider reference says how).
 */
export async function transferPaidPayout(context: PaymentsContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const parsed = payoutStatusChangedPayloadSchema.safeParse(event.data);
  if (!parsed.success) return;
  const payout = parsed.data;
  if (payout.to !== 'paid' || payout.type !== 'carrier' || payout.carrierId === null) return;
  const stripe = context.providers.stripe;
  if (!stripe) return;
  const accountId = await accountOf(trx, payout.carrierId);
  if (!accountId) return;
  if (await trx('transfers').where({ payout_id: payout.payoutId }).first()) return;
  const transferId = await stripe.transfer({
    accountId,
    amountOre: payout.amountGrossOre,
    idempotencyKey: `fragtbud-payout-${payout.payoutId}`,
    metadata: { payoutId: String(payout.payoutId), carrierId: String(payout.carrierId) },
  });
  await trx('transfers').insert({
    payout_id: payout.payoutId,
    carrier_id: payout.carrierId,
    account_id: accountId,
    amount_ore: payout.amountGrossOre,
    transfer_id: transferId,
  });
  await context.outbox.add(
    trx,
    eventTypes.transferCreated,
    { payoutId: payout.payoutId, carrierId: payout.carrierId, amountOre: payout.amountGrossOre, accountId, transferId },
    causedBy(event),
  );
}
