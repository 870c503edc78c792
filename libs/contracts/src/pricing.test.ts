import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCarrierFee, defaultPlatformSettings } from './constants';
import { carrierListCreateSchema, carrierListAssignmentsQuerySchema, platformSettingsUpdateSchema } from './ledger';
import { messages } from './messages';
import {
  adminQuoteSchema,
  adminView,
  carrierQuoteSchema,
  carrierView,
  customerQuoteSchema,
  customerView,
  dkkToOre,
  feeDkkField,
  numericInput,
  oreToDkk,
  pricingLimits,
  quote,
  quoteRequestSchema,
  quoteViewFor,
  type CarrierFee,
  type PricingSettings,
} from './pricing';

const defaults: PricingSettings = {
  feePercentage: defaultPlatformSettings.feePercentage,
  fixedFeeOre: defaultPlatformSettings.fixedFeeOre,
  vatPercentage: defaultPlatformSettings.vatPercentage,
  minFeeOre: defaultPlatformSettings.minFeeOre,
};

/** A percentage 0–100 with up to two decimals, kept as hundredths so the reference below needs no floats. */
const hundredths = fc.integer({ min: 0, max: 10_000 });
const percentage = hundredths.map((h) => h / 100);
const ore = (max: number) => fc.integer({ min: 0, max });

const settingsArb = fc.record({
  feePercentage: percentage,
  fixedFeeOre: ore(pricingLimits.maxFeeOre),
  vatPercentage: percentage,
  minFeeOre: ore(pricingLimits.maxFeeOre),
});
const carrierFeeArb: fc.Arbitrary<CarrierFee | null> = fc.option(
  fc.record({ feePercentage: percentage, fixedFeeOre: ore(pricingLimits.maxFeeOre) }),
  { nil: null },
);
/** Mostly everyday prices, sometimes tiny or huge ones. */
const netArb = fc.oneof(ore(1_000), ore(10_000_000), ore(pricingLimits.maxNetOre));

const inputArb = fc.record({ netOre: netArb, settings: settingsArb, carrierFee: carrierFeeArb });

/** Hundredths of a percentage as the BigInt numerator over 10 000 (p/100 = h/10 000). */
const h = (p: number) => BigInt(Math.round(p * 100));

/** 2·(rounded·D − exact) ∈ (−D, D] ⇔ rounded = exact/D rounded half-up. */
function isHalfUp(rounded: number, exactNumerator: bigint, denominator: bigint): boolean {
  const twice = 2n * (BigInt(rounded) * denominator - exactNumerator);
  return twice > -denominator && twice <= denominator;
}

describe('quote — properties', () => {
  it('when priced, then the totals add up to the øre', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        expect(q.subtotalBeforeVatOre).toBe(q.netOre + q.platformFeeOre + q.smallFeeOre);
        expect(q.totalOre).toBe(q.subtotalBeforeVatOre + q.vatOre);
        expect(q.carrierFeeOre + q.payoutNetOre).toBe(q.netOre);
        expect(q.netOre).toBe(input.netOre);
        expect(q.smallFeeOre).toBe(input.settings.fixedFeeOre);
        for (const value of Object.values(q)) expect(Number.isSafeInteger(value)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('when priced, then VAT is exactly the percentage of the subtotal, rounded half-up to the øre', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        const exact = BigInt(q.subtotalBeforeVatOre) * h(input.settings.vatPercentage);
        expect(isHalfUp(q.vatOre, exact, 10_000n)).toBe(true);
        const payoutVat = BigInt(q.payoutNetOre) * h(input.settings.vatPercentage);
        expect(isHalfUp(q.payoutGrossOre - q.payoutNetOre, payoutVat, 10_000n)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('when the percentage fee is below the minimum, then the minimum applies; otherwise the rounded percentage', () => {
    fc.assert(
      fc.property(inputArb, ({ netOre, settings, carrierFee }) => {
        const q = quote({ netOre, settings, carrierFee });
        expect(q.platformFeeOre).toBeGreaterThanOrEqual(settings.minFeeOre);
        const exact = BigInt(netOre) * h(settings.feePercentage);
        const rounded = Number((2n * exact + 10_000n) / 20_000n);
        expect(q.platformFeeOre).toBe(Math.max(rounded, settings.minFeeOre));
        expect(isHalfUp(rounded, exact, 10_000n)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('when priced, then the payout never exceeds the net and never goes below 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const q = quote(input);
        expect(q.payoutNetOre).toBeLessThanOrEqual(q.netOre);
        expect(q.payoutNetOre).toBeGreaterThanOrEqual(0);
        expect(q.payoutGrossOre).toBeGreaterThanOrEqual(q.payoutNetOre);
        expect(q.carrierFeeOre).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('when the carrier fee is below the net, then it is the rounded percentage plus the fixed fee; else capped at the net', () => {
    fc.assert(
      fc.property(inputArb, ({ netOre, settings, carrierFee }) => {
        const q = quote({ netOre, settings, carrierFee });
        const fee = carrierFee ?? defaultCarrierFee;
        const exact = BigInt(netOre) * h(fee.feePercentage);
        const uncapped = Number((2n * exact + 10_000n) / 20_000n) + fee.fixedFeeOre;
        expect(q.carrierFeeOre).toBe(Math.min(uncapped, netOre));
      }),
      { numRuns: 2_000 },
    );
  });

  it('when the net rises, then the total rises', () => {
    fc.assert(
      fc.property(settingsArb, ore(pricingLimits.maxNetOre - 1), (settings, netOre) => {
        const lower = quote({ netOre, settings, carrierFee: null });
        const higher = quote({ netOre: netOre + 1, settings, carrierFee: null });
        expect(higher.totalOre).toBeGreaterThan(lower.totalOre);
      }),
    );
  });

  it('when percentages are written with decimals, then they are read exactly (no float drift)', () => {
    // 0.29 % of 10 000 øre is exactly 29 øre; 12.5 % of 1 øre is 0.125 → 0; 50 % of 1 øre is 0.5 → 1.
    const base = { ...defaults, minFeeOre: 0, fixedFeeOre: 0 };
    expect(quote({ netOre: 10_000, settings: { ...base, feePercentage: 0.29 }, carrierFee: null }).platformFeeOre).toBe(29);
    expect(quote({ netOre: 1, settings: { ...base, feePercentage: 12.5 }, carrierFee: null }).platformFeeOre).toBe(0);
    expect(quote({ netOre: 1, settings: { ...base, feePercentage: 50 }, carrierFee: null }).platformFeeOre).toBe(1);
    expect(quote({ netOre: 3, settings: { ...base, feePercentage: 50 }, carrierFee: null }).platformFeeOre).toBe(2);
    // 1.005 would be 1.00499999… as a float: the exact reading makes 1.005 % of 200 øre = 2.01 → 2.
    expect(quote({ netOre: 200, settings: { ...base, feePercentage: 1.005 }, carrierFee: null }).platformFeeOre).toBe(2);
    expect(quote({ netOre: 20_000, settings: { ...base, feePercentage: 1.005 }, carrierFee: null }).platformFeeOre).toBe(201);
  });
});

describe('quote — the defaults of spec section 9', () => {
  it('when a carrier asks 1 000 DKK without a list, then the customer pays 1 400 DKK and the carrier gets 900 net', () => {
    expect(quote({ netOre: 100_000, settings: defaults, carrierFee: null })).toEqual({
      netOre: 100_000,
      platformFeeOre: 10_000,
      smallFeeOre: 2_000,
      subtotalBeforeVatOre: 112_000,
      vatOre: 28_000,
      totalOre: 140_000,
      carrierFeeOre: 10_000,
      payoutNetOre: 90_000,
      payoutGrossOre: 112_500,
    });
  });

  it('when 10 % of the net is below 30 DKK, then the platform fee is the 30 DKK minimum', () => {
    const q = quote({ netOre: 10_000, settings: defaults, carrierFee: null });
    expect(q.platformFeeOre).toBe(3_000);
    expect(q.subtotalBeforeVatOre).toBe(15_000);
    expect(q.vatOre).toBe(3_750);
    expect(q.totalOre).toBe(18_750);
  });

  it('when VAT lands on half an øre, then it rounds up', () => {
    // subtotal 1 øre over the minimum: net 2 øre → subtotal 5 002 øre, 25 % = 1 250.5 → 1 251.
    const q = quote({ netOre: 2, settings: defaults, carrierFee: null });
    expect(q.subtotalBeforeVatOre).toBe(5_002);
    expect(q.vatOre).toBe(1_251);
  });

  it("when the carrier is on a list, then the list's fee replaces the default 10 %", () => {
    const q = quote({ netOre: 100_000, settings: defaults, carrierFee: { feePercentage: 8, fixedFeeOre: 500 } });
    expect(q.carrierFeeOre).toBe(8_500);
    expect(q.payoutNetOre).toBe(91_500);
    expect(q.payoutGrossOre).toBe(114_375);
    expect(q.totalOre).toBe(140_000);
  });

  it('when a fixed carrier fee exceeds a tiny net, then the fee is capped at the net and the payout is 0, not negative', () => {
    const q = quote({ netOre: 300, settings: defaults, carrierFee: { feePercentage: 10, fixedFeeOre: 1_000 } });
    expect(q.carrierFeeOre).toBe(300);
    expect(q.payoutNetOre).toBe(0);
    expect(q.payoutGrossOre).toBe(0);
  });

  it('when an input is outside the limits, then quote refuses it with a RangeError', () => {
    const bad: Array<Parameters<typeof quote>[0]> = [
      { netOre: -1, settings: defaults, carrierFee: null },
      { netOre: 1.5, settings: defaults, carrierFee: null },
      { netOre: pricingLimits.maxNetOre + 1, settings: defaults, carrierFee: null },
      { netOre: 100, settings: { ...defaults, feePercentage: 100.01 }, carrierFee: null },
      { netOre: 100, settings: { ...defaults, vatPercentage: Number.NaN }, carrierFee: null },
      { netOre: 100, settings: { ...defaults, minFeeOre: -1 }, carrierFee: null },
      { netOre: 100, settings: defaults, carrierFee: { feePercentage: -1, fixedFeeOre: 0 } },
      { netOre: 100, settings: defaults, carrierFee: { feePercentage: 5, fixedFeeOre: 0.5 } },
    ];
    for (const input of bad) expect(() => quote(input)).toThrow(RangeError);
  });
});

describe('DKK at the edge', () => {
  it('when øre go to DKK and back, then nothing is lost and DKK has at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -pricingLimits.maxNetOre * 4, max: pricingLimits.maxNetOre * 4 }), (value) => {
        const dkk = oreToDkk(value);
        expect(dkkToOre(dkk)).toBe(value);
        expect(/^-?\d+(\.\d{1,2})?$/.test(JSON.stringify(dkk))).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('when DKK is written with cents that floats cannot hold, then the øre are still exact', () => {
    expect(dkkToOre(0.29)).toBe(29);
    expect(dkkToOre(1.15)).toBe(115);
    expect(dkkToOre(19.99)).toBe(1_999);
    expect(dkkToOre(100_000_000)).toBe(10_000_000_000);
    expect(dkkToOre(1.005)).toBe(101);
    expect(dkkToOre(-1.005)).toBe(-101);
    expect(oreToDkk(12_345)).toBe(123.45);
  });
});

describe('amounts sent as text', () => {
  it('when an API client sends a Danish amount as text, then the services read it as the forms do', () => {
    expect(numericInput('12,5')).toBe(12.5);
    expect(numericInput(' 12.5 ')).toBe(12.5);
    expect(numericInput('1.500,75')).toBe(1500.75);
    expect(numericInput('-1.500,75')).toBe(-1500.75);
    expect(numericInput('1 500')).toBe(1500);
    expect(numericInput('12,5 kr')).toBe('12,5 kr');
    expect(numericInput(7)).toBe(7);
    expect(feeDkkField('Ugyldigt beløb').parse('1.500,75')).toBe(150_075);
    expect(feeDkkField('Ugyldigt beløb').safeParse('1.50.0').success).toBe(false);
  });
});

describe('role views', () => {
  const q = quote({ netOre: 123_456, settings: defaults, carrierFee: { feePercentage: 12.5, fixedFeeOre: 0 } });

  it('when a customer looks, then only the total, VAT and small fee are there — no net, fees or payout', () => {
    const view = customerView(q);
    expect(Object.keys(view).sort()).toEqual(['smallFee', 'total', 'vat', 'view']);
    expect(view).toEqual({ view: 'customer', total: oreToDkk(q.totalOre), vat: oreToDkk(q.vatOre), smallFee: 20 });
    expect(customerQuoteSchema.safeParse({ ...view, net: 1 }).success).toBe(false);
  });

  it('when a carrier looks, then the payout and its breakdown are there — not the total or the platform fee', () => {
    const view = carrierView(q);
    expect(Object.keys(view).sort()).toEqual(['carrierFee', 'net', 'payoutGross', 'payoutNet', 'payoutVat', 'view']);
    expect(dkkToOre(view.net) - dkkToOre(view.carrierFee)).toBe(dkkToOre(view.payoutNet));
    expect(dkkToOre(view.payoutNet) + dkkToOre(view.payoutVat)).toBe(dkkToOre(view.payoutGross));
    expect(carrierQuoteSchema.safeParse({ ...view, total: 1 }).success).toBe(false);
  });

  it('when an admin looks, then everything is there, in DKK', () => {
    const view = adminView(q);
    expect(adminQuoteSchema.parse(view)).toEqual(view);
    expect(dkkToOre(view.total)).toBe(q.totalOre);
    expect(dkkToOre(view.payoutGross)).toBe(q.payoutGrossOre);
    expect(quoteViewFor('admin', q)).toEqual(view);
    expect(quoteViewFor('carrier', q)).toEqual(carrierView(q));
    expect(quoteViewFor('customer', q)).toEqual(customerView(q));
  });
});

describe('schemas', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues[0]?.message;

  it('when the quote net is not a valid price, then "Angiv en gyldig pris først."', () => {
    for (const net of [undefined, null, 0, -5, 'abc', '', 1.001, 100_000_001, Number.NaN, Infinity, {}]) {
      expect(firstMessage(quoteRequestSchema.safeParse({ net }))).toBe(messages.invalidPrice);
    }
    expect(quoteRequestSchema.parse({ net: '1234,5', carrierId: '7' })).toEqual({ netOre: 123_450, carrierId: 7 });
  });

  it('when settings are out of range, then each field says so in Danish', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ feePercentage: 101 }, messages.feePercentageRange],
      [{ feePercentage: -1 }, messages.feePercentageRange],
      [{ feePercentage: 'ti' }, messages.feePercentageRange],
      [{ feePercentage: 10.125 }, messages.percentageDecimals],
      [{ vatPercentage: 100.5 }, messages.vatPercentageRange],
      [{ fixedFee: -0.01 }, messages.fixedFeeMin],
      [{ fixedFee: 1.234 }, messages.amountDecimals],
      [{ minFee: -1 }, messages.minFeeMin],
      [{ minFee: 2_000_000 }, messages.amountTooLarge],
      [{ maxBids: 0 }, messages.maxBidsMin],
      [{ maxBids: 2.5 }, messages.maxBidsMin],
      [{ maxBids: 1001 }, messages.maxBidsMax],
      [{}, messages.noChangesGiven],
    ];
    for (const [body, message] of cases) expect(firstMessage(platformSettingsUpdateSchema.safeParse(body))).toBe(message);
    expect(platformSettingsUpdateSchema.parse({ fixedFee: '20,50', minFee: 30, maxBids: '7' })).toEqual({
      fixedFeeOre: 2_050,
      minFeeOre: 3_000,
      maxBids: 7,
    });
  });

  it('when a carrier list is created without fees, then they default to 0 and the description to empty', () => {
    expect(carrierListCreateSchema.parse({ name: ' D ', feePercentage: 9.5 })).toEqual({
      name: 'D',
      description: '',
      feePercentage: 9.5,
      fixedFeeOre: 0,
      minFeeOre: 0,
    });
    expect(firstMessage(carrierListCreateSchema.safeParse({ name: '  ', feePercentage: 5 }))).toBe(messages.carrierListNameRequired);
  });

  it('when assignments are asked for several users, then the ids may come comma-separated or repeated', () => {
    expect(carrierListAssignmentsQuerySchema.parse({ userId: '1, 2,3' })).toEqual({ userId: [1, 2, 3] });
    expect(carrierListAssignmentsQuerySchema.parse({ userId: ['4', '5'] })).toEqual({ userId: [4, 5] });
    expect(carrierListAssignmentsQuerySchema.parse({ userId: '' })).toEqual({ userId: undefined });
    expect(firstMessage(carrierListAssignmentsQuerySchema.safeParse({ userId: '1,x' }))).toBe(messages.invalidUserId);
  });
});

describe('VAT on and off an amount', () => {
  it('when 125,00 DKK gross at 25 %, then 100,00 net; and 100,00 net gives 125,00 back', async () => {
    const { withVatOre, withoutVatOre } = await import('./pricing');
    expect(withoutVatOre(12_500, 25)).toBe(10_000);
    expect(withVatOre(10_000, 25)).toBe(12_500);
    // 1 øre gross at 25 %: 0.8 → 1 øre net (half-up); 12.5 % with decimals.
    expect(withoutVatOre(1, 25)).toBe(1);
    expect(withoutVatOre(11_250, 12.5)).toBe(10_000);
  });
});
