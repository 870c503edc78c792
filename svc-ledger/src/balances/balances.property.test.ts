/**
 * pendingNet and balanceNet (shared/API.md, money flow) over random sequences of payments, completions,
 * cancellations, adjustments, payout requests and payout status changes, against the real service, compared with
 * the definitions written out plainly:
 *   earned = Σ payout net of completed tasks + Σ adjustments; pendingNet = earned − payouts not cancelled;
 *   balanceNet = earned − paid payouts.
 */
import fc from 'fast-check';
import type { AuthUser } from '@fragtbud/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetailsEvent, bookPaymentEvent, paymentOf, startLedger, taskStatusEvent, user, type StartedLedger } from '../test-harness';

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

type Step =
  | { kind: 'pay'; netOre: number }
  | { kind: 'complete'; task: number }
  | { kind: 'cancelTask'; task: number }
  | { kind: 'adjust'; amountOre: number }
  | { kind: 'request' }
  | { kind: 'markPaid' }
  | { kind: 'cancelPayout' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), netOre: fc.integer({ min: 100, max: 500_000 }) }),
  fc.record({ kind: fc.constant('complete' as const), task: fc.nat(5) }),
  fc.record({ kind: fc.constant('cancelTask' as const), task: fc.nat(5) }),
  fc.record({ kind: fc.constant('adjust' as const), amountOre: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0) }),
  fc.constant({ kind: 'request' as const }),
  fc.constant({ kind: 'markPaid' as const }),
  fc.constant({ kind: 'cancelPayout' as const }),
);

interface Model {
  tasks: { payment: ReturnType<typeof paymentOf>; payoutNetOre: number; status: 'paid' | 'completed' | 'cancelled' }[];
  adjustmentsOre: number;
  payouts: { id: number; netOre: number; status: 'pending' | 'paid' | 'cancelled' }[];
}

function expected(model: Model) {
  const earned =
    model.tasks.filter((t) => t.status === 'completed').reduce((sum, t) => sum + t.payoutNetOre, 0) + model.adjustmentsOre;
  const committed = model.payouts.filter((p) => p.status !== 'cancelled').reduce((sum, p) => sum + p.netOre, 0);
  const paid = model.payouts.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.netOre, 0);
  return { pendingNetOre: earned - committed, balanceNetOre: earned - paid };
}

async function run(carrier: AuthUser, customer: AuthUser, model: Model, s: Step): Promise<void> {
  switch (s.kind) {
    case 'pay': {
      const payment = paymentOf({ carrierId: carrier.id, customerId: customer.id, netOre: s.netOre });
      await bookPaymentEvent(ledger, payment);
      model.tasks.push({ payment, payoutNetOre: payment.snapshot.quote.payoutNetOre, status: 'paid' });
      return;
    }
    case 'complete':
    case 'cancelTask': {
      const task = model.tasks[s.task];
      if (!task) return;
      const to = s.kind === 'complete' ? 'completed' : 'cancelled';
      await taskStatusEvent(ledger, task.payment, to);
      task.status = to;
      return;
    }
    case 'adjust': {
      const reply = await ledger.call('POST', '/finance/adjustments', {
        as: admin,
        body: { carrierId: carrier.id, amount: s.amountOre / 100, reason: 'Egenskabstest' },
      });
      expect(reply.status).toBe(201);
      model.adjustmentsOre += s.amountOre;
      return;
    }
    case 'request': {
      const { pendingNetOre } = expected(model);
      const open = model.payouts.find((p) => p.status === 'pending');
      const reply = await ledger.call('POST', '/finance/payout-requests', { as: carrier });
      if (pendingNetOre <= 0 && !open) {
        expect(reply.status).toBe(422);
        return;
      }
      expect([200, 201]).toContain(reply.status);
      if (open) {
        expect(reply.body.payout.id).toBe(open.id);
        if (pendingNetOre > 0) open.netOre += pendingNetOre;
      } else {
        expect(reply.status).toBe(201);
        model.payouts.push({ id: reply.body.payout.id, netOre: pendingNetOre, status: 'pending' });
      }
      expect(Math.round(reply.body.payout.amountNet * 100)).toBe((open ?? model.payouts.at(-1)!).netOre);
      return;
    }
    case 'markPaid':
    case 'cancelPayout': {
      const open = model.payouts.find((p) => p.status === 'pending');
      if (!open) return;
      const status = s.kind === 'markPaid' ? 'paid' : 'cancelled';
      const reply = await ledger.call('PUT', `/finance/payouts/${open.id}/status`, { as: admin, body: { status } });
      expect(reply.status).toBe(200);
      open.status = status;
      return;
    }
  }
}

describe('pendingNet and balanceNet', () => {
  it('when any sequence of payments, completions, adjustments and payouts happens, then the API agrees with the definitions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const carrier = user('carrier');
        await bankDetailsEvent(ledger, carrier.id);
        const customer = user('customer');
        const model: Model = { tasks: [], adjustmentsOre: 0, payouts: [] };
        for (const s of steps) await run(carrier, customer, model, s);
        const reply = await ledger.call('GET', '/finance/me', { as: carrier });
        const want = expected(model);
        expect({ pendingNetOre: Math.round(reply.body.pendingNet * 100), balanceNetOre: Math.round(reply.body.balanceNet * 100) }).toEqual(want);
        // Never more pending than the balance: every payout counted as paid is also counted as not cancelled.
        expect(reply.body.pendingNet).toBeLessThanOrEqual(reply.body.balanceNet);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
