/**
 * One VAT model (docs/money.md, issue 25): every ledger row says gross = net ex VAT + VAT and on what; adjustments
 * and extra fees say whether they carry VAT; a payout pays the gross of exactly what it pays out, so the carrier's
 * saldo gross ends at 0 with netto; an extra fee counts as platform income ex VAT; and ledger:verify finds every
 * figure the carrier sees in the admin's ledger, to the øre.
 */
import { eventTypes, type AuthUser, type LedgerRow } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetailsEvent, bookPaymentEvent, envelopeOf, paymentOf, startLedger, taskStatusEvent, user, type StartedLedger } from './test-harness';
import { carrierFiguresAgainstLedger } from './verify/reconcile';

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

/** A carrier with one completed task of net 1000 DKK (payout net 900, gross 1125) and bank details saved. */
async function carrierWithEarnings() {
  const carrier = user('carrier');
  const customer = user('customer');
  await bankDetailsEvent(ledger, carrier.id);
  const payment = paymentOf({ carrierId: carrier.id, customerId: customer.id, netOre: 100_000 });
  await bookPaymentEvent(ledger, payment);
  await taskStatusEvent(ledger, payment, 'completed');
  return { carrier, customer, payment };
}

const finance = async (carrier: AuthUser) => (await ledger.call('GET', '/finance/me', { as: carrier })).body as { pendingNet: number; rows: Array<Record<string, number | string | boolean | null>> };
const ledgerRows = async (query: string) => ((await ledger.call('GET', `/finance/ledger?${query}&limit=100`, { as: admin })).body.items as LedgerRow[]);

/** The carrier's 'Saldo (brutto)' as the finance view keeps it: payout gross and adjustments add, payouts subtract. */
const saldoGross = (rows: Array<Record<string, unknown>>) =>
  Math.round(rows.filter((row) => row.inBalance).reduce((sum, row) => sum + (row.type === 'payout' ? -1 : 1) * Number(row.amount) * 100, 0));

describe('a payout pays the gross of what it pays out', () => {
  it('when a carrier with a task and a VAT-free bonus asks for a payout, then its gross is 1125 + 152 and saldo brutto ends at 0 with netto', async () => {
    const { carrier } = await carrierWithEarnings();
    const bonus = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 152, reason: 'Bonus' } });
    expect(bonus.body).toMatchObject({ amount: 152, net: 152, vat: 0, vatIncluded: false });
    const payout = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(payout.status).toBe(201);
    expect(payout.body.payout).toMatchObject({ amountGross: 1277, amountNet: 1052 });
    const after = await finance(carrier);
    expect(after.pendingNet).toBe(0);
    expect(saldoGross(after.rows)).toBe(0);
    expect(await carrierFiguresAgainstLedger(ledger.db)).toEqual([]);
  });

  it('when an admin pays out all that is pending gross, then it pays all that is pending net, to the øre', async () => {
    const { carrier } = await carrierWithEarnings();
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: -37.5, reason: 'Skade', vatIncluded: true } });
    const payout = await ledger.call('POST', '/finance/payouts/carrier', { as: admin, body: { carrierId: carrier.id, amountGross: 1087.5 } });
    expect(payout.status).toBe(201);
    expect(payout.body).toMatchObject({ amountGross: 1087.5, amountNet: 870 });
    const after = await finance(carrier);
    expect(after.pendingNet).toBe(0);
    expect(saldoGross(after.rows)).toBe(0);
  });
});

describe('adjustments and extra fees say whether they carry VAT', () => {
  it('when an adjustment is made incl. VAT, then its row is gross −125 = net −100 + VAT −25 on the amount; without, the VAT is 0', async () => {
    const customer = user('customer');
    const withVat = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: -125, reason: 'Gebyr', vatIncluded: true } });
    expect(withVat.status).toBe(201);
    expect(withVat.body).toMatchObject({ amount: -125, net: -100, vat: -25, vatIncluded: true });
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: customer.id, amount: 40, reason: 'Kompensation' } });
    const rows = await ledgerRows(`customerId=${customer.id}&type=adjustment`);
    expect(rows.map((row) => [row.gross, row.netExVat, row.vat, row.vatBase, row.vatIncluded])).toEqual([
      [40, 40, 0, 'none', false],
      [-125, -100, -25, 'amount', true],
    ]);
  });

  it('when vatIncluded is not a boolean, then 400 and nothing is booked', async () => {
    const carrier = user('carrier');
    const reply = await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 10, reason: 'x', vatIncluded: 'måske' } });
    expect(reply.status).toBe(400);
    expect(await ledger.db('adjustments').where({ user_id: carrier.id })).toEqual([]);
  });

  it('when a 150 DKK extra fee is charged (VAT included by default), then the platform counts 120 ex VAT, not 150', async () => {
    const { customer, payment } = await carrierWithEarnings();
    const before = (await ledger.call('GET', '/admin/platform-saldo', { as: admin })).body as { total: number; platformFromTransactions: number };
    const overviewBefore = (await ledger.call('GET', '/admin/financial-overview', { as: admin })).body as { platformCommissionAllTime: number };
    const chargeId = payment.paymentId;
    await ledger.infra.bus.publish(
      envelopeOf(eventTypes.chargeSucceeded, {
        chargeId,
        taskId: payment.taskId,
        customerId: customer.id,
        amountOre: 15_000,
        reason: 'Ekstra ventetid',
        provider: 'mock',
        providerPaymentId: `mock_pi_x${chargeId}`,
        chargedBy: admin.id,
        succeededAt: new Date().toISOString(),
      }),
    );
    await waitFor(() => ledger.db('ledger_charges').where({ charge_id: chargeId }).first());
    const after = (await ledger.call('GET', '/admin/platform-saldo', { as: admin })).body as { total: number; platformFromTransactions: number };
    expect(Math.round((after.platformFromTransactions - before.platformFromTransactions) * 100)).toBe(12_000);
    const overviewAfter = (await ledger.call('GET', '/admin/financial-overview', { as: admin })).body as { platformCommissionAllTime: number };
    expect(Math.round((overviewAfter.platformCommissionAllTime - overviewBefore.platformCommissionAllTime) * 100)).toBe(12_000);
    const [charge] = await ledgerRows(`customerId=${customer.id}&type=charge`);
    expect(charge).toMatchObject({ gross: 150, netExVat: 120, vat: 30, platformCommission: 120, vatBase: 'amount', vatIncluded: true });
  });
});

describe('every row states its VAT', () => {
  it('when the admin reads the ledger, then every row has gross = netExVat + vat, a payment on the customer price ex VAT', async () => {
    const { customer } = await carrierWithEarnings();
    const [payment] = await ledgerRows(`customerId=${customer.id}&type=transaction`);
    expect(payment).toMatchObject({ gross: 1400, netExVat: 1120, vat: 280, vatBase: 'customer_price', net: 1000 });
    for (const row of await ledgerRows('')) {
      expect(Math.round((row.gross ?? row.amount) * 100), `${row.type} ${row.id}`).toBe(Math.round(row.netExVat * 100) + Math.round(row.vat * 100));
    }
  });
});

describe('ledger:verify: what the carrier sees is what the ledger says', () => {
  it('when a payout booked VAT on a VAT-free bonus (as before), then the saldo brutto that does not end at 0 is named', async () => {
    const { carrier } = await carrierWithEarnings();
    await ledger.call('POST', '/finance/adjustments', { as: admin, body: { carrierId: carrier.id, amount: 152, reason: 'Bonus' } });
    const payout = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(await carrierFiguresAgainstLedger(ledger.db)).toEqual([]);
    // The old arithmetic: VAT on the whole net, 1052 · 1,25 = 1315 instead of 1125 + 152 = 1277.
    await ledger.db('payouts').where({ id: payout.body.payout.id }).update({ amount_gross_ore: 131_500 });
    expect(await carrierFiguresAgainstLedger(ledger.db)).toContainEqual(
      `carrier ${carrier.id}: saldo netto 0 øre but saldo brutto -3800 øre (a payout's gross is not the gross of what it paid out)`,
    );
    await ledger.db('payouts').where({ id: payout.body.payout.id }).update({ amount_gross_ore: 127_700 });
  });
});
