import { randomBytes } from 'node:crypto';
import { mockCards } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { CreateIntentInput, PaymentProvider, ProviderIntent, ProviderRefund } from './provider';

/**
 * The embedded default: a provider that lives in our own database and "charges" nothing. The card step is
 * POST /payments/mock/{id}/complete with a card number; the decline numbers of `mockCards` are refused the way
 * Stripe refuses its test cards of the same number.
 */
export interface MockProvider extends PaymentProvider {
  readonly name: 'mock';
  /** The card step: the intent succeeds, or stays waiting for a card with `decline` saying why. */
  completeCardStep(id: string, cardNumber: string): Promise<{ intent: ProviderIntent; decline: MockDecline | null } | null>;
}

export type MockDecline = 'card_declined' | 'insufficient_funds';

const declines: Record<string, MockDecline> = {
  [digits(mockCards.declined)]: 'card_declined',
  [digits(mockCards.insufficientFunds)]: 'insufficient_funds',
};

interface MockIntentRow {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount_ore: number;
  currency: string;
  status: string;
  metadata: Record<string, string> | string;
  last_error: string | null;
}

/** One mock intent per idempotency key: the first call stores it, a repeat gets the stored one. */
async function insertOnce(
  handle: Knex | Knex.Transaction,
  input: Pick<CreateIntentInput, 'idempotencyKey' | 'amountOre' | 'currency' | 'description'> & { metadata: Record<string, string> },
  status: 'requires_payment_method' | 'succeeded',
): Promise<ProviderIntent> {
  const id = `mock_pi_${randomBytes(12).toString('hex')}`;
  await handle('mock_payment_intents')
    .insert({
      id,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      idempotency_key: input.idempotencyKey,
      amount_ore: input.amountOre,
      currency: input.currency,
      status,
      metadata: JSON.stringify(input.metadata),
      description: input.description,
    })
    .onConflict('idempotency_key')
    .ignore();
  const row = await handle<MockIntentRow>('mock_payment_intents').where({ idempotency_key: input.idempotencyKey }).first();
  if (!row) throw new Error(`mock intent for ${input.idempotencyKey} vanished`);
  return toIntent(row);
}

export function createMockProvider(db: Knex): MockProvider {
  return {
    name: 'mock',

    async createIntent(input: CreateIntentInput) {
      // The same key again (a double click) gives the intent the first call made, as Stripe does.
      return insertOnce(db, input, 'requires_payment_method');
    },

    async retrieveIntent(id) {
      const row = await db<MockIntentRow>('mock_payment_intents').where({ id }).first();
      return row ? toIntent(row) : null;
    },

    async refund(input, handle = db) {
      await handle('mock_refunds')
        .insert({
          id: `mock_re_${randomBytes(12).toString('hex')}`,
          payment_intent_id: input.paymentIntentId,
          amount_ore: input.amountOre,
          idempotency_key: input.idempotencyKey,
        })
        .onConflict('idempotency_key')
        .ignore();
      const row = (await handle('mock_refunds').where({ idempotency_key: input.idempotencyKey }).first()) as
        | { id: string; payment_intent_id: string; amount_ore: number }
        | undefined;
      if (!row) throw new Error(`mock refund for ${input.idempotencyKey} vanished`);
      // The mock has no bank in between: a refund succeeds at once.
      return { id: row.id, status: 'succeeded', paymentIntentId: row.payment_intent_id, amountOre: Number(row.amount_ore) } satisfies ProviderRefund;
    },
    async chargeSavedCard(input, handle = db) {
      // The mock's saved card always pays (spec: the mock succeeds); the same key gives the same intent.
      return insertOnce(handle, input, 'succeeded');
    },
    async completeCardStep(id, cardNumber) {
      return db.transaction(async (trx) => {
        const row = await trx<MockIntentRow>('mock_payment_intents').where({ id }).forUpdate().first();
        if (!row) return null;
        if (row.status === 'succeeded' || row.status === 'canceled') return { intent: toIntent(row), decline: null };
        const decline = declines[digits(cardNumber)] ?? null;
        const patch = decline
          ? { status: 'requires_payment_method', last_error: decline, updated_at: new Date() }
          : { status: 'succeeded', last_error: null, updated_at: new Date() };
        await trx('mock_payment_intents').where({ id }).update(patch);
        return { intent: toIntent({ ...row, ...patch }), decline };
      });
    },
  };
}

function toIntent(row: MockIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amountOre: Number(row.amount_ore),
    currency: row.currency,
    status: row.status,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    lastError: row.last_error,
  };
}

function digits(card: string): string {
  return card.replace(/\D/g, '');
}
