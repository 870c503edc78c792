import { eventTypes, messages, platformSettingsOreSchema, platformSettingsSchema } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvent, startLedger, user, type StartedLedger } from '../test-harness';

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

describe('platform settings', () => {
  it('when nobody has changed them, then they are the defaults of spec section 9', async () => {
    const reply = await ledger.call('GET', '/admin/platform-settings', { as: admin });
    expect(reply.status).toBe(200);
    expect(platformSettingsSchema.parse(reply.body)).toEqual({
      feePercentage: 10,
      fixedFee: 20,
      vatPercentage: 25,
      minFee: 30,
      maxBids: 5,
      updatedAt: null,
    });
  });

  it('when an admin changes some fields, then those change, the others keep their value, and the change is announced', async () => {
    const reply = await ledger.call('PUT', '/admin/platform-settings', {
      as: admin,
      body: { feePercentage: 12.5, fixedFee: 19.99, maxBids: 7 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ feePercentage: 12.5, fixedFee: 19.99, vatPercentage: 25, minFee: 30, maxBids: 7 });
    expect(typeof reply.body.updatedAt).toBe('string');

    const again = await ledger.call('GET', '/admin/platform-settings', { as: admin });
    expect(again.body).toEqual(reply.body);

    const event = await publishedEvent(ledger, eventTypes.ledgerSettingsUpdated);
    expect(event.data).toEqual({
      feePercentage: 12.5,
      fixedFeeOre: 1_999,
      vatPercentage: 25,
      minFeeOre: 3_000,
      maxBids: 7,
      changed: ['feePercentage', 'fixedFeeOre', 'maxBids'],
      updatedBy: admin.id,
    });
    expect(event.correlationId).toBe(reply.headers.get('x-request-id'));
  });

  it('when the same values are saved again, then nothing is announced twice', async () => {
    // The outbox holds what a write announces, committed with it: counted right after each 2xx, nothing to wait for.
    const recorded = async () => (await ledger.outboxEvents(eventTypes.ledgerSettingsUpdated)).length;
    const before = await recorded();
    const reply = await ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { feePercentage: '12,5', maxBids: '7' } });
    expect(reply.status).toBe(200);
    const next = await ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { vatPercentage: 25 } });
    expect(next.status).toBe(200);
    expect(await recorded()).toBe(before);
  });

  it('when the GET answer is sent back as it is, then it saves (unknown fields such as updatedAt are ignored)', async () => {
    const current = await ledger.call('GET', '/admin/platform-settings', { as: admin });
    const reply = await ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { ...current.body, minFee: 0 } });
    expect(reply.status).toBe(200);
    expect(reply.body.minFee).toBe(0);
    expect(reply.body.fixedFee).toBe(19.99);
  });

  it('when the limits themselves are given (0 and 100, max bids 1), then they are accepted', async () => {
    const reply = await ledger.call('PUT', '/admin/platform-settings', {
      as: admin,
      body: { feePercentage: 0, vatPercentage: 100, fixedFee: 0, minFee: 0, maxBids: 1 },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ feePercentage: 0, vatPercentage: 100, fixedFee: 0, minFee: 0, maxBids: 1 });
    const restore = await ledger.call('PUT', '/admin/platform-settings', {
      as: admin,
      body: { feePercentage: 10, vatPercentage: 25, fixedFee: 20, minFee: 30, maxBids: 5 },
    });
    expect(restore.status).toBe(200);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a fee percentage above 100', { feePercentage: 100.01 }, 'feePercentage', messages.feePercentageRange],
    ['a negative fee percentage', { feePercentage: -1 }, 'feePercentage', messages.feePercentageRange],
    ['a fee percentage as text', { feePercentage: 'ti' }, 'feePercentage', messages.feePercentageRange],
    ['a fee percentage of null', { feePercentage: null }, 'feePercentage', messages.feePercentageRange],
    ['a fee percentage with three decimals', { feePercentage: 10.125 }, 'feePercentage', messages.percentageDecimals],
    ['a VAT percentage above 100', { vatPercentage: 101 }, 'vatPercentage', messages.vatPercentageRange],
    ['a negative VAT percentage', { vatPercentage: -0.5 }, 'vatPercentage', messages.vatPercentageRange],
    ['a VAT percentage as a boolean', { vatPercentage: true }, 'vatPercentage', messages.vatPercentageRange],
    ['a negative fixed fee', { fixedFee: -0.01 }, 'fixedFee', messages.fixedFeeMin],
    ['a fixed fee as an object', { fixedFee: { dkk: 20 } }, 'fixedFee', messages.fixedFeeMin],
    ['a fixed fee with øre fractions', { fixedFee: 20.005 }, 'fixedFee', messages.amountDecimals],
    ['a fixed fee over a million', { fixedFee: 1_000_000.01 }, 'fixedFee', messages.amountTooLarge],
    ['a negative minimum fee', { minFee: -30 }, 'minFee', messages.minFeeMin],
    ['a minimum fee as text', { minFee: 'tredive' }, 'minFee', messages.minFeeMin],
    ['a minimum fee with øre fractions', { minFee: 0.001 }, 'minFee', messages.amountDecimals],
    ['a minimum fee over a million', { minFee: 5_000_000 }, 'minFee', messages.amountTooLarge],
    ['max bids 0', { maxBids: 0 }, 'maxBids', messages.maxBidsMin],
    ['max bids not whole', { maxBids: 2.5 }, 'maxBids', messages.maxBidsMin],
    ['max bids as text', { maxBids: 'fem' }, 'maxBids', messages.maxBidsMin],
    ['max bids over 1000', { maxBids: 1001 }, 'maxBids', messages.maxBidsMax],
    ['nothing to change', {}, '', messages.noChangesGiven],
    ['only unknown fields', { hvad: 'ingenting' }, '', messages.noChangesGiven],
  ];
  it.each(invalid)('when the body has %s, then 400 with its Danish message and nothing changes', async (_, body, path, message) => {
    const before = await ledger.call('GET', '/admin/platform-settings', { as: admin });
    const reply = await ledger.call('PUT', '/admin/platform-settings', { as: admin, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_input', message, details: [{ path, message }] });
    const after = await ledger.call('GET', '/admin/platform-settings', { as: admin });
    expect(after.body).toEqual(before.body);
  });

  it('when several fields are wrong, then each is named', async () => {
    const reply = await ledger.call('PUT', '/admin/platform-settings', {
      as: admin,
      body: { feePercentage: 200, vatPercentage: -1, fixedFee: -1, minFee: -1, maxBids: 0 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([
      { path: 'feePercentage', message: messages.feePercentageRange },
      { path: 'fixedFee', message: messages.fixedFeeMin },
      { path: 'vatPercentage', message: messages.vatPercentageRange },
      { path: 'minFee', message: messages.minFeeMin },
      { path: 'maxBids', message: messages.maxBidsMin },
    ]);
  });
});

describe('GET /internal/platform-settings', () => {
  it('when another service asks, then it gets the settings in øre', async () => {
    const reply = await ledger.call('GET', '/internal/platform-settings', { service: 'bids' });
    expect(reply.status).toBe(200);
    expect(platformSettingsOreSchema.strict().parse(reply.body)).toEqual({
      feePercentage: 10,
      fixedFeeOre: 2_000,
      vatPercentage: 25,
      minFeeOre: 3_000,
      maxBids: 5,
    });
  });

  it('when a user (even an admin) asks through the gateway, then 403', async () => {
    const reply = await ledger.call('GET', '/internal/platform-settings', { as: admin });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'forbidden', message: messages.forbidden });
  });
});
