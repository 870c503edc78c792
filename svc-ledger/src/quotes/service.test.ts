import {
  adminQuoteSchema,
  carrierListsSchema,
  carrierQuoteSchema,
  customerQuoteSchema,
  internalQuoteResponseSchema,
  messages,
  quoteResponseSchema,
  type AuthUser,
  type CarrierListJson,
} from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLedger, user, type StartedLedger } from '../test-harness';

let ledger: StartedLedger;
const admin = user('admin');
const customer = user('customer');
/** On list A (8 %). */
const carrierOnA = user('carrier');
/** On no list: the default 10 %. */
const carrierWithoutList = user('carrier');
/** On a list with a fixed fee larger than small prices. */
const carrierWithFixedFee = user('carrier');
let listA: CarrierListJson;

beforeAll(async () => {
  ledger = await startLedger();
  const lists = carrierListsSchema.parse((await ledger.call('GET', '/admin/carrier-lists', { as: admin })).body).items;
  listA = lists.find((list) => list.name === 'A') as CarrierListJson;
  await ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId: carrierOnA.id, listId: listA.id } });
  const fixed = await ledger.call('POST', '/admin/carrier-lists', { as: admin, body: { name: 'Fast gebyr', feePercentage: 5, fixedFee: 50 } });
  await ledger.call('POST', '/admin/carrier-lists/assignments', { as: admin, body: { userId: carrierWithFixedFee.id, listId: fixed.body.id } });
});
afterAll(async () => {
  await ledger?.close();
});

const quoteAs = (as: AuthUser, body: unknown) =>
  ledger.call('POST', '/pricing/quote', { as, body });

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

describe('POST /pricing/quote — what each role sees', () => {
  it('when a customer asks, then only the gross total, VAT and small fee come back — no net, fees or payout', async () => {
    const reply = await quoteAs(customer, { net: 1000 });
    expect(reply.status).toBe(200);
    expect(quoteResponseSchema.parse(reply.body)).toEqual({
      quote: { view: 'customer', total: 1400, vat: 280, smallFee: 20 },
      meta: { validDays: 14 },
    });
    customerQuoteSchema.parse(reply.body.quote);
    const keys = keysOf(reply.body).map((key) => key.toLowerCase());
    for (const hidden of ['net', 'payoutnet', 'payoutgross', 'payoutvat', 'carrierfee', 'platformfee', 'subtotalbeforevat', 'carrierlist']) {
      expect(keys).not.toContain(hidden);
    }
  });

  it("when a customer names a carrier on a list, then the customer's price is the same (it does not depend on the carrier)", async () => {
    const plain = await quoteAs(customer, { net: 1000 });
    const named = await quoteAs(customer, { net: 1000, carrierId: carrierOnA.id, taskId: 12 });
    expect(named.status).toBe(200);
    expect(named.body).toEqual(plain.body);
  });

  it('when a carrier on no list asks, then their payout at the default 10 % comes back — not the customer total', async () => {
    const reply = await quoteAs(carrierWithoutList, { net: 1000 });
    expect(reply.status).toBe(200);
    expect(quoteResponseSchema.parse(reply.body)).toEqual({
      quote: { view: 'carrier', net: 1000, carrierFee: 100, payoutNet: 900, payoutVat: 225, payoutGross: 1125 },
      meta: { validDays: 14, carrierList: null },
    });
    carrierQuoteSchema.parse(reply.body.quote);
    const keys = keysOf(reply.body).map((key) => key.toLowerCase());
    for (const hidden of ['total', 'vat', 'platformfee', 'smallfee', 'subtotalbeforevat']) expect(keys).not.toContain(hidden);
  });

  it("when a carrier on list A asks (themself or no carrier named), then list A's 8 % applies and the list is named", async () => {
    const expected = {
      quote: { view: 'carrier', net: 1000, carrierFee: 80, payoutNet: 920, payoutVat: 230, payoutGross: 1150 },
      meta: { validDays: 14, carrierList: { id: listA.id, name: 'A', feePercentage: 8, fixedFee: 0 } },
    };
    expect((await quoteAs(carrierOnA, { net: 1000 })).body).toEqual(expected);
    expect((await quoteAs(carrierOnA, { net: 1000, carrierId: carrierOnA.id })).body).toEqual(expected);
  });

  it("when a carrier asks about another carrier's payout, then 403", async () => {
    const reply = await quoteAs(carrierWithoutList, { net: 1000, carrierId: carrierOnA.id });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ code: 'forbidden', message: messages.quoteOtherCarrier });
  });

  it('when a fixed carrier fee is larger than a tiny price, then the payout is 0, never negative', async () => {
    const reply = await quoteAs(carrierWithFixedFee, { net: 10 });
    expect(reply.body.quote).toEqual({ view: 'carrier', net: 10, carrierFee: 10, payoutNet: 0, payoutVat: 0, payoutGross: 0 });
  });

  it('when an admin asks, then the whole breakdown comes back — for a named carrier with their list fee', async () => {
    const plain = await quoteAs(admin, { net: 1000 });
    expect(plain.status).toBe(200);
    expect(adminQuoteSchema.parse(plain.body.quote)).toEqual({
      view: 'admin',
      net: 1000,
      platformFee: 100,
      smallFee: 20,
      subtotalBeforeVat: 1120,
      vat: 280,
      total: 1400,
      carrierFee: 100,
      payoutNet: 900,
      payoutVat: 225,
      payoutGross: 1125,
    });
    expect(plain.body.meta).toEqual({ validDays: 14, carrierList: null });

    const forCarrier = await quoteAs(admin, { net: 1000, carrierId: carrierOnA.id });
    expect(forCarrier.body.quote).toMatchObject({ total: 1400, carrierFee: 80, payoutNet: 920, payoutGross: 1150 });
    expect(forCarrier.body.meta.carrierList).toMatchObject({ name: 'A', feePercentage: 8 });
  });

  it('when the price is small, then the 30 DKK minimum platform fee applies', async () => {
    const reply = await quoteAs(admin, { net: 100 });
    expect(reply.body.quote).toMatchObject({ platformFee: 30, subtotalBeforeVat: 150, vat: 37.5, total: 187.5 });
  });

  it('when the price comes with øre, as text with a comma, then it is priced exactly', async () => {
    const reply = await quoteAs(admin, { net: '1234,56' });
    expect(reply.status).toBe(200);
    // 10 % of 1 234,56 = 123,456 → 123,46; subtotal 1 378,02; VAT 344,505 → 344,51.
    expect(reply.body.quote).toMatchObject({ net: 1234.56, platformFee: 123.46, subtotalBeforeVat: 1378.02, vat: 344.51, total: 1722.53 });
  });

  it('when an admin changes the platform settings, then the next quote uses them', async () => {
    await ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { feePercentage: 15, fixedFee: 0, vatPercentage: 20 } });
    try {
      const reply = await quoteAs(customer, { net: 1000 });
      expect(reply.body.quote).toEqual({ view: 'customer', total: 1380, vat: 230, smallFee: 0 });
    } finally {
      await ledger.call('PUT', '/admin/platform-settings', { as: admin, body: { feePercentage: 10, fixedFee: 20, vatPercentage: 25 } });
    }
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['no net price', {}, 'net', messages.invalidPrice],
    ['a net price of 0', { net: 0 }, 'net', messages.invalidPrice],
    ['a negative net price', { net: -100 }, 'net', messages.invalidPrice],
    ['a net price as a word', { net: 'tusind' }, 'net', messages.invalidPrice],
    ['an empty net price', { net: '' }, 'net', messages.invalidPrice],
    ['a net price of null', { net: null }, 'net', messages.invalidPrice],
    ['a net price with three decimals', { net: 10.005 }, 'net', messages.invalidPrice],
    ['a net price above 100 million', { net: 100_000_000.01 }, 'net', messages.invalidPrice],
    ['a net price as an object', { net: { dkk: 5 } }, 'net', messages.invalidPrice],
    ['a task id as a word', { net: 100, taskId: 'abc' }, 'taskId', messages.invalidTaskId],
    ['a task id of 0', { net: 100, taskId: 0 }, 'taskId', messages.invalidTaskId],
    ['a carrier id as a word', { net: 100, carrierId: 'x' }, 'carrierId', messages.invalidUserId],
    ['a negative carrier id', { net: 100, carrierId: -1 }, 'carrierId', messages.invalidUserId],
  ];
  it.each(invalid)('when the body has %s, then 400 with its Danish message', async (_, body, path, message) => {
    for (const as of [customer, carrierOnA, admin]) {
      const reply = await quoteAs(as, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 'invalid_input', message, details: [{ path, message }] });
    }
  });
});

describe('POST /internal/quotes — for svc-bids', () => {
  it('when svc-bids asks for a carrier on list A, then the full quote in øre with the list, fee and settings in force', async () => {
    const reply = await ledger.call('POST', '/internal/quotes', { service: 'bids', body: { netOre: 100_000, carrierId: carrierOnA.id } });
    expect(reply.status).toBe(200);
    const body = internalQuoteResponseSchema.parse(reply.body);
    expect(body).toEqual({
      quote: {
        netOre: 100_000,
        platformFeeOre: 10_000,
        smallFeeOre: 2_000,
        subtotalBeforeVatOre: 112_000,
        vatOre: 28_000,
        totalOre: 140_000,
        carrierFeeOre: 8_000,
        payoutNetOre: 92_000,
        payoutGrossOre: 115_000,
      },
      carrierList: { id: listA.id, name: 'A' },
      carrierFee: { feePercentage: 8, fixedFeeOre: 0 },
      settings: { feePercentage: 10, fixedFeeOre: 2_000, vatPercentage: 25, minFeeOre: 3_000, maxBids: 5 },
      quotedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.quotedAt))).toBe(false);
  });

  it('when the carrier is on no list, then the default 10 % and no list', async () => {
    const reply = await ledger.call('POST', '/internal/quotes', { service: 'bids', body: { netOre: 100_000, carrierId: carrierWithoutList.id } });
    expect(reply.body).toMatchObject({ carrierList: null, carrierFee: { feePercentage: 10, fixedFeeOre: 0 }, quote: { carrierFeeOre: 10_000 } });
  });

  it('when a user (even an admin) calls it through the gateway, then 403', async () => {
    for (const as of [admin, customer, carrierOnA, null]) {
      const reply = await ledger.call('POST', '/internal/quotes', { as, body: { netOre: 100, carrierId: carrierOnA.id } });
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('forbidden');
    }
  });

  it.each([
    [{ carrierId: 5 }, 'netOre', messages.invalidPrice],
    [{ netOre: 10.5, carrierId: 5 }, 'netOre', messages.invalidPrice],
    [{ netOre: 0, carrierId: 5 }, 'netOre', messages.invalidPrice],
    [{ netOre: '100', carrierId: 5 }, 'netOre', messages.invalidPrice],
    [{ netOre: 10_000_000_001, carrierId: 5 }, 'netOre', messages.invalidPrice],
    [{ netOre: 100 }, 'carrierId', messages.invalidUserId],
  ])('when svc-bids sends %j, then 400', async (body, path, message) => {
    const reply = await ledger.call('POST', '/internal/quotes', { service: 'bids', body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 'invalid_input', message, details: [{ path, message }] });
  });
});
