/**
 * `npm run ledger:verify` (scripts/ledger-verify.ts over svc-ledger's reconcileLedger): a real scenario — card
 * payments, a completed task, a payout request paid out, an adjustment, a refund of a cancelled task, an extra
 * charge — adds up; each kind of tampering is named. On PostgreSQL (TEST_DATABASE_URL) the command itself runs
 * against the schemas the scenario left, and exits 0, then 1 once a row is missing (CI runs this file so).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventTypes } from '@fragtbud/contracts';
import { waitFor } from '@fragtbud/platform';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { reconcileLedger } from '@fragtbud/svc-ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEnvelope, payableTask, startPayments, user, waitForBooking, type PayableTask, type StartedPayments } from './test-harness';

let payments: StartedPayments;
const admin = user('admin');
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  payments = await startPayments();
});
afterAll(async () => {
  await payments?.close();
});

async function paid(): Promise<PayableTask> {
  const payable = payableTask(payments);
  const intent = await payments.call('POST', '/payments/intents', { as: payable.owner, body: { taskId: payable.task.id } });
  await payments.call('POST', `/payments/mock/${intent.body.paymentIntentId}/complete`, { as: payable.owner, body: {} });
  await waitForBooking(payments, payable.task.id);
  return payable;
}

async function status(payable: PayableTask, to: 'completed' | 'cancelled') {
  await payments.infra.bus.publish(
    newEnvelope(eventTypes.taskStatusChanged, {
      taskId: payable.task.id,
      userId: payable.owner.id,
      type: 'moving',
      from: 'delivered',
      to,
      assignedCarrierId: payable.carrier.id,
      changedBy: admin.id,
    }),
  );
  await waitFor(() => payments.ledger.db('ledger_tasks').where({ task_id: payable.task.id, status: to }).first());
}

const verify = () => reconcileLedger(payments.db, payments.ledger.db);

async function runCommand(): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ledger-verify.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        PAYMENTS_SCHEMA: payments.infra.database.schema,
        LEDGER_SCHEMA: payments.ledger.schema,
      },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('ledger:verify', () => {
  it('when money has moved every way, then the books add up; each tampering is named', async () => {
    const done = await paid();
    await status(done, 'completed');
    // The carrier saved bank details (identity says so); a payout request needs them.
    await payments.infra.bus.publish(
      newEnvelope(eventTypes.userUpdated, { userId: done.carrier.id, name: 'Vognmand', email: 'v@example.dk', company: null, hasBankDetails: true }),
    );
    await waitFor(() => payments.ledger.db('user_bank_details').where({ user_id: done.carrier.id, has_bank_details: true }).first());
    const request = await payments.ledger.call('POST', '/finance/payout-requests', { as: done.carrier });
    expect(request.status).toBe(201);
    await payments.ledger.call('PUT', `/finance/payouts/${request.body.payout.id}/status`, { as: admin, body: { status: 'paid' } });
    await payments.ledger.call('POST', '/finance/adjustments', { as: admin, body: { customerId: done.owner.id, amount: 25, reason: 'Kompensation' } });
    const charged = await payments.call('POST', '/admin/charges', { as: admin, body: { taskId: done.task.id, customerId: done.owner.id, amount: 40, reason: 'Ekstra' } });
    expect(charged.status).toBe(201);
    const cancelled = await paid();
    await status(cancelled, 'cancelled');
    await waitFor(() => payments.ledger.db('ledger_refunds').where({ task_id: cancelled.task.id }).first());
    await waitFor(() => payments.ledger.db('ledger_charges').where({ task_id: done.task.id }).first());

    expect(await verify()).toEqual([]);
    if (process.env.TEST_DATABASE_URL) {
      const ok = await runCommand();
      expect(ok.stdout).toContain('the books add up');
      expect(ok.code).toBe(0);
    }

    // A payment the ledger lost, a refund booked twice, a carrier paid more than earned.
    const lost = await payments.ledger.db('ledger_transactions').where({ task_id: done.task.id }).first();
    await payments.ledger.db('ledger_transactions').where({ id: lost.id }).delete();
    const refund = await payments.ledger.db('ledger_refunds').where({ task_id: cancelled.task.id }).first();
    await payments.ledger.db('ledger_refunds').insert({ ...refund, id: undefined, refund_id: refund.refund_id + 1_000_000, event_id: refund.event_id });
    await payments.ledger.db('payouts').insert({
      type: 'carrier',
      carrier_id: done.carrier.id,
      amount_net_ore: 1,
      amount_gross_ore: 1,
      status: 'pending',
      origin: 'admin',
      idempotency_key: `tamper-${done.carrier.id}`,
    });
    const problems = await verify();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^payment \\d+ \\(task ${done.task.id}\\) has 0 transaction rows, not 1$`)),
        expect.stringMatching(new RegExp(`^task ${cancelled.task.id}: refunded \\d+ øre of \\d+ øre paid$`)),
        expect.stringMatching(new RegExp(`^carrier ${done.carrier.id}: payouts \\d+ øre exceed earned \\d+ øre$`)),
      ]),
    );
    if (process.env.TEST_DATABASE_URL) {
      const failed = await runCommand();
      expect(failed.code).toBe(1);
      expect(failed.stdout).toContain('mismatch');
    }
  }, 60_000);
});
