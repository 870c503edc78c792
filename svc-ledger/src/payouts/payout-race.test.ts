/**
 * A carrier's payout request and the admin's status change meet on one payout row (issue #24, item 9). Only
 * PostgreSQL runs them at the same time (PGlite has one connection), so the race is proven there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@fragtbud/platform';
import { bankDetailsEvent, bookPaymentEvent, paymentOf, startLedger, taskStatusEvent, user, type StartedLedger } from '../test-harness';

describe.runIf(process.env.TEST_DATABASE_URL)('a payout request racing the admin’s status change (PostgreSQL)', () => {
  let ledger: StartedLedger;
  beforeAll(async () => {
    ledger = await startLedger();
  });
  afterAll(async () => {
    await ledger?.close();
  });

  /** A completed task paying the carrier 900 DKK net. */
  async function earn(carrier: { id: number }) {
    const payment = paymentOf({ carrierId: carrier.id, customerId: user('customer').id, netOre: 100_000 });
    await bookPaymentEvent(ledger, payment);
    await taskStatusEvent(ledger, payment, 'completed');
  }

  it('when the admin marks the open request paid while the carrier asks again, then the paid payout keeps its amount and the new money is a new request', async () => {
    const carrier = user('carrier');
    await bankDetailsEvent(ledger, carrier.id);
    await earn(carrier);
    const first = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
    expect(first.status).toBe(201);
    const payoutId: number = first.body.payout.id;
    await earn(carrier);

    // The admin's status change holds the payout row (as lockPayout does) while the carrier's request comes in.
    const admin = await ledger.db.transaction();
    try {
      await admin('payouts').where({ id: payoutId }).forUpdate().first();
      const { pid } = (await admin.raw('select pg_backend_pid() as pid')).rows[0] as { pid: number };
      const asking = ledger.call('POST', '/finance/payout-requests', { as: carrier });
      // The request is inside its transaction, waiting for the admin's row lock.
      await waitFor(async () => {
        const blocked = await ledger.db.raw('select 1 from pg_stat_activity where ? = any(pg_blocking_pids(pid))', [pid]);
        return blocked.rows.length > 0;
      });
      await admin('payouts').where({ id: payoutId }).update({ status: 'paid', paid_at: new Date(), updated_at: new Date() });
      await admin.commit();

      const reply = await asking;
      expect(reply.status).toBe(201);
      expect(reply.body.payout).toMatchObject({ status: 'pending', amountNet: 900 });
      expect(reply.body.payout.id).not.toBe(payoutId);
    } finally {
      if (!admin.isCompleted()) await admin.rollback();
    }
    const paid = await ledger.db('payouts').where({ id: payoutId }).first();
    expect(paid).toMatchObject({ status: 'paid' });
    expect(Number(paid.amount_net_ore)).toBe(90_000);
  });
});
