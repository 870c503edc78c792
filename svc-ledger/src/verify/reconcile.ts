import type { Knex } from 'knex';
import { carrierBalances, platformSaldoParts } from '../balances/repo';
import { carrierFinance } from '../balances/service';
import type { LedgerContext } from '../context';
import { listLedgerRows } from '../ledger-rows/repo';
import { toLedgerRow } from '../ledger-rows/service';

/**
 * `npm run ledger:verify`: the books against the money that moved (issue #12). An operations check, run from
 * outside the services with a handle on svc-payments' schema and one on svc-ledger's — neither service ever reads
 * the other's tables. Each problem is one line saying what does not add up.
 *   1. every succeeded payment has exactly one transaction row, of its amount, and every transaction row a payment;
 *   2. every succeeded refund has exactly one refund row, and refunds ≤ payments per task;
 *   3. payouts (not cancelled) ≤ earned per carrier;
 *   4. the platform saldo from the ledger's rows = the sum of its parts from the tables (ex VAT: charges and
 *      adjustments with their net);
 *   5. every figure a carrier sees (GET /finance/me) equals the admin ledger's for the same row, to the øre, and the
 *      carrier's saldo gross (running balance of the rows) equals the pending gross the payouts are made from;
 *   6. a carrier with nothing pending net has nothing pending gross: payouts paid the gross of what they paid out
 *      (docs/money.md), so 'Saldo (brutto)' ends at 0 with netto.
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
        when 'charge' then platform_commission_ore
        when 'adjustment' then -net_ore
        when 'payout' then case when payout_type = 'platform' and status <> 'cancelled' then -net_ore else 0 end
      end), 0) as total from ledger_rows`,
  );
  const total = Number(((fromRows.rows ?? fromRows) as { total: number | string }[])[0]?.total ?? 0);
  if (total !== fromParts) problems.push(`platform saldo: ${total} øre from the ledger rows, ${fromParts} øre from its parts`);

  problems.push(...(await carrierFiguresAgainstLedger(ledger)));
  return problems;
}

const ore = (dkk: number | null) => (dkk === null ? null : Math.round(dkk * 100));

/** Checks 5 and 6: the carrier's view built from the same rows as the admin's ledger, and saldo gross with netto. */
export async function carrierFiguresAgainstLedger(ledger: Knex): Promise<string[]> {
  const problems: string[] = [];
  const adminRows = new Map<string, ReturnType<typeof toLedgerRow>>();
  for (let offset = 0; ; offset += 1000) {
    const page = await listLedgerRows(ledger, {}, { offset, limit: 1000, direction: 'asc' });
    for (const view of page) {
      const row = toLedgerRow(view);
      adminRows.set(`${row.type}:${row.id}`, row);
    }
    if (page.length < 1000) break;
  }
  const context = { db: ledger } as LedgerContext;
  for (const balance of await carrierBalances(ledger)) {
    const finance = await carrierFinance(context, balance.carrierId);
    let saldoGross = 0;
    for (const seen of finance.rows) {
      const admin = adminRows.get(`${seen.type}:${seen.id}`);
      const where = `carrier ${balance.carrierId}, ${seen.type} ${seen.id}`;
      if (!admin) {
        problems.push(`${where}: shown to the carrier, not in the admin ledger`);
        continue;
      }
      const expected =
        seen.type === 'transaction'
          ? { gross: admin.carrierPayoutGross, net: admin.carrierPayoutNet }
          : { gross: admin.gross ?? admin.amount, net: admin.netExVat };
      const shown = { gross: seen.amount, net: seen.net };
      for (const key of ['gross', 'net'] as const) {
        if (ore(shown[key]) !== ore(expected[key])) problems.push(`${where}: the carrier sees ${key} ${ore(shown[key])} øre, the ledger says ${ore(expected[key])} øre`);
      }
      if (ore(seen.payoutVat) !== ore(shown.gross)! - ore(shown.net)!) problems.push(`${where}: VAT ${ore(seen.payoutVat)} øre ≠ gross − net`);
      if (seen.inBalance) saldoGross += (seen.type === 'payout' ? -1 : 1) * ore(seen.amount)!;
    }
    const pendingGross = balance.earnedGrossOre - balance.committedGrossOre;
    if (saldoGross !== pendingGross) problems.push(`carrier ${balance.carrierId}: saldo gross ${saldoGross} øre from the rows, ${pendingGross} øre pending gross`);
    if (balance.earnedOre === balance.committedOre && pendingGross !== 0) {
      problems.push(`carrier ${balance.carrierId}: saldo netto 0 øre but saldo brutto ${pendingGross} øre (a payout's gross is not the gross of what it paid out)`);
    }
  }
  return problems;
}
