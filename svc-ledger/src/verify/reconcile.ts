import type { Knex } from 'knex';
import { carrierBalances, platformSaldoParts } from '../balances/repo';

/**
 * `npm run ledger:verify`: the books against the money that moved (issue #12). An operations check, run from
 * outside the services with a handle on svc-payments' schema and one on svc-ledger's — neither service ever reads
 * the other's tables. Each problem is one line saying what does not add up.
 *   1. every succeeded payment has exactly one transaction row, of its amount, and every transaction row a payment;
 *   2. every succeeded refund has exactly one refund row, and refunds ≤ payments per task;
 *   3. payouts (not cancelled) ≤ earned per carrier;
 *   4. the platform saldo from the ledger's rows = the sum of its parts from the tables.
 */
export async function reconcileLedger(payments: Knex, ledger: Knex): Promise<string[]> {
  const problems: string[] = [];

  const paid = (await payments('payments').where({ status: 'succeeded' }).select('id', 'task_id', 'amount_ore')) as {
    id: number;
    task_id: number;
    amount_ore: number | string;
  }[];
  const booked = (await ledger('ledger_transactions').select('payment_id', 'task_id', 'gross_ore')) as {
    payment_id: number;
    task_id: number;
    gross_ore: number | string;
  }[];
  const bookedByPayment = new Map<number, { gross_ore: number | string }[]>();
  for (const row of booked) bookedByPayment.set(row.payment_id, [...(bookedByPayment.get(row.payment_id) ?? []), row]);
  const paidIds = new Set(paid.map((p) => p.id));
  for (const payment of paid) {
    const rows = bookedByPayment.get(payment.id) ?? [];
    if (rows.length !== 1) problems.push(`payment ${payment.id} (task ${payment.task_id}) has ${rows.length} transaction rows, not 1`);
    else if (Number(rows[0]!.gross_ore) !== Number(payment.amount_ore)) {
      problems.push(`payment ${payment.id}: booked ${rows[0]!.gross_ore} øre, paid ${payment.amount_ore} øre`);
    }
  }
  for (const row of booked) {
    if (!paidIds.has(row.payment_id)) problems.push(`transaction row of payment ${row.payment_id} (task ${row.task_id}) has no succeeded payment`);
  }

  const refunded = (await payments('refunds').where({ status: 'succeeded' }).select('id', 'task_id', 'amount_ore')) as {
    id: number;
    task_id: number;
    amount_ore: number | string;
  }[];
  const refundRows = (await ledger('ledger_refunds').select('refund_id')) as { refund_id: number }[];
  const refundCount = new Map<number, number>();
  for (const row of refundRows) refundCount.set(row.refund_id, (refundCount.get(row.refund_id) ?? 0) + 1);
  for (const refund of refunded) {
    const count = refundCount.get(refund.id) ?? 0;
    if (count !== 1) problems.push(`refund ${refund.id} (task ${refund.task_id}) has ${count} refund rows, not 1`);
  }
  const overRefunded = await ledger.raw(
    `select r.task_id, r.refunded, coalesce(t.paid, 0) as paid
       from (select task_id, sum(amount_ore) as refunded from ledger_refunds group by task_id) r
       left join (select task_id, sum(gross_ore) as paid from ledger_transactions group by task_id) t on t.task_id = r.task_id
      where r.refunded > coalesce(t.paid, 0)`,
  );
  for (const row of (overRefunded.rows ?? overRefunded) as { task_id: number; refunded: number; paid: number }[]) {
    problems.push(`task ${row.task_id}: refunded ${row.refunded} øre of ${row.paid} øre paid`);
  }

  for (const balance of await carrierBalances(ledger)) {
    if (balance.committedOre > balance.earnedOre) {
      problems.push(`carrier ${balance.carrierId}: payouts ${balance.committedOre} øre exceed earned ${balance.earnedOre} øre`);
    }
  }

  const parts = await platformSaldoParts(ledger);
  const fromParts =
    parts.commissionOre - parts.refundedCommissionOre + parts.chargesOre - parts.customerAdjustmentsOre - parts.carrierAdjustmentsOre - parts.platformPayoutsOre;
  const fromRows = await ledger.raw(
    `select coalesce(sum(case type
        when 'transaction' then platform_commission_ore
        when 'refund' then -platform_commission_ore
        when 'charge' then amount_ore
        when 'adjustment' then -amount_ore
        when 'payout' then case when payout_type = 'platform' and status <> 'cancelled' then -net_ore else 0 end
      end), 0) as total from ledger_rows`,
  );
  const total = Number(((fromRows.rows ?? fromRows) as { total: number | string }[])[0]?.total ?? 0);
  if (total !== fromParts) problems.push(`platform saldo: ${total} øre from the ledger rows, ${fromParts} øre from its parts`);

  return problems;
}
