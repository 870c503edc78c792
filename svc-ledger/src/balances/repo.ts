import type { Db } from '../context';

/** Where a transaction's payout stands for its carrier; only an `earned` one counts towards the balance. */
export type TransactionStanding = 'earned' | 'awaiting_completion' | 'refunded' | 'cancelled';

/**
 * One rule for the balance and the rows that show it (shared/API.md: earned once the task is completed): a refund
 * takes the payout with it whatever the task's status says; then completed = earned, cancelled = never earned, and
 * anything else (paid, on its way, back with an admin) waits. `t` is ledger_transactions, `k` its ledger_tasks row.
 */
const standingOfTransaction = `case
  when exists (select 1 from ledger_refunds r where r.payment_id = t.payment_id) then 'refunded'
  when k.status = 'completed' then 'earned'
  when k.status = 'cancelled' then 'cancelled'
  else 'awaiting_completion' end`;

/** The standing of each of these transactions (ledger_transactions ids). */
export async function transactionStandings(db: Db, transactionIds: readonly number[]): Promise<Map<number, TransactionStanding>> {
  if (transactionIds.length === 0) return new Map();
  const rows = (await db('ledger_transactions as t')
    .leftJoin('ledger_tasks as k', 'k.task_id', 't.task_id')
    .whereIn('t.id', [...new Set(transactionIds)])
    .select('t.id', db.raw(`${standingOfTransaction} as standing`))) as { id: number; standing: TransactionStanding }[];
  return new Map(rows.map((row) => [Number(row.id), row.standing]));
}

/**
 * A carrier's money in øre: earned (completed, not refunded tasks' payout net + adjustments' net), payouts not
 * cancelled, payouts paid — ex VAT; and the same gross (payout gross, adjustments' amount, payouts' gross), so a
 * payout of all that is pending pays the gross of exactly what it pays out (docs/money.md).
 */
export interface CarrierBalanceOre {
  carrierId: number;
  earnedOre: number;
  committedOre: number;
  paidOre: number;
  earnedGrossOre: number;
  committedGrossOre: number;
}

/** Every carrier's balance, or one carrier's (a carrier with nothing gets zeros). */
export async function carrierBalances(db: Db, carrierId?: number): Promise<CarrierBalanceOre[]> {
  const only = (column: string) => (carrierId === undefined ? '' : `and ${column} = :carrierId`);
  const result = await db.raw(
    `with earned as (
       select t.carrier_id, t.carrier_payout_net_ore as ore, t.carrier_payout_gross_ore as gross
         from ledger_transactions t left join ledger_tasks k on k.task_id = t.task_id
        where (${standingOfTransaction}) = 'earned' ${only('t.carrier_id')}
       union all
       select user_id, amount_ore - vat_ore, amount_ore from adjustments where party = 'carrier' ${only('user_id')}
     ), e as (select carrier_id, sum(ore) as earned, sum(gross) as earned_gross from earned group by carrier_id),
     p as (
       select carrier_id,
              coalesce(sum(amount_net_ore) filter (where status <> 'cancelled'), 0) as committed,
              coalesce(sum(amount_net_ore) filter (where status = 'paid'), 0) as paid,
              coalesce(sum(amount_gross_ore) filter (where status <> 'cancelled'), 0) as committed_gross
         from payouts where type = 'carrier' ${only('carrier_id')} group by carrier_id
     )
     select coalesce(e.carrier_id, p.carrier_id) as carrier_id, coalesce(e.earned, 0) as earned,
            coalesce(p.committed, 0) as committed, coalesce(p.paid, 0) as paid,
            coalesce(e.earned_gross, 0) as earned_gross, coalesce(p.committed_gross, 0) as committed_gross
       from e full join p on p.carrier_id = e.carrier_id
      order by 1`,
    carrierId === undefined ? {} : { carrierId },
  );
  const rows = (result.rows ?? result) as Record<string, number | string>[];
  const balances = rows.map((row) => ({
    carrierId: Number(row.carrier_id),
    earnedOre: Number(row.earned),
    committedOre: Number(row.committed),
    paidOre: Number(row.paid),
    earnedGrossOre: Number(row.earned_gross),
    committedGrossOre: Number(row.committed_gross),
  }));
  if (carrierId !== undefined && balances.length === 0) {
    return [{ carrierId, earnedOre: 0, committedOre: 0, paidOre: 0, earnedGrossOre: 0, committedGrossOre: 0 }];
  }
  return balances;
}

/** The saldo is ex VAT (docs/money.md): charges and adjustments count with their net, the VAT is not the platform's. */
export interface PlatformSaldoOre {
  commissionOre: number;
  refundedCommissionOre: number;
  chargesOre: number;
  customerAdjustmentsOre: number;
  carrierAdjustmentsOre: number;
  platformPayoutsOre: number;
}

export async function platformSaldoParts(db: Db): Promise<PlatformSaldoOre> {
  const result = await db.raw(
    `select
       (select coalesce(sum(platform_commission_ore), 0) from ledger_transactions) as commission,
       (select coalesce(sum(commission_ore), 0) from ledger_refunds) as refunded_commission,
       (select coalesce(sum(amount_ore - vat_ore), 0) from ledger_charges) as charges,
       (select coalesce(sum(amount_ore - vat_ore), 0) from adjustments where party = 'customer') as customer_adjustments,
       (select coalesce(sum(amount_ore - vat_ore), 0) from adjustments where party = 'carrier') as carrier_adjustments,
       (select coalesce(sum(amount_net_ore), 0) from payouts where type = 'platform' and status <> 'cancelled') as platform_payouts`,
  );
  const row = (result.rows ?? result)[0] as Record<string, number | string>;
  return {
    commissionOre: Number(row.commission),
    refundedCommissionOre: Number(row.refunded_commission),
    chargesOre: Number(row.charges),
    customerAdjustmentsOre: Number(row.customer_adjustments),
    carrierAdjustmentsOre: Number(row.carrier_adjustments),
    platformPayoutsOre: Number(row.platform_payouts),
  };
}

export interface MonthRevenueOre {
  month: string;
  revenueOre: number;
  commissionOre: number;
  transactions: number;
}

/** Per Copenhagen calendar month: what customers paid (less refunds, plus charges), the platform's take, the count. */
export async function revenueByMonth(db: Db): Promise<MonthRevenueOre[]> {
  const result = await db.raw(
    `select to_char(date at time zone 'Europe/Copenhagen', 'YYYY-MM') as month,
            sum(case when type = 'refund' then -amount_ore else amount_ore end) as revenue,
            sum(case when type = 'refund' then -platform_commission_ore else platform_commission_ore end) as commission,
            count(*) filter (where type = 'transaction') as transactions
       from ledger_rows where type in ('transaction', 'refund', 'charge')
      group by 1 order by 1`,
  );
  return ((result.rows ?? result) as Record<string, number | string>[]).map((row) => ({
    month: String(row.month),
    revenueOre: Number(row.revenue),
    commissionOre: Number(row.commission),
    transactions: Number(row.transactions),
  }));
}

/** Customer adjustments with whether their task is settled (completed or cancelled) — or have no task. */
export async function customerAdjustments(
  db: Db,
  customerId: number,
): Promise<{ id: number; created_at: Date; task_id: number | null; amount_ore: number; vat_ore: number; vat_included: boolean; reason: string; settled: boolean }[]> {
  const rows = await db('adjustments as a')
    .leftJoin('ledger_tasks as k', 'k.task_id', 'a.task_id')
    .where({ 'a.party': 'customer', 'a.user_id': customerId })
    .select(
      'a.id',
      'a.created_at',
      'a.task_id',
      'a.amount_ore',
      'a.vat_ore',
      'a.vat_included',
      'a.reason',
      db.raw(`(a.task_id is null or k.status in ('completed', 'cancelled')) as settled`),
    )
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ]);
  return rows.map((row) => ({
    ...row,
    amount_ore: Number(row.amount_ore),
    vat_ore: Number(row.vat_ore),
    vat_included: Boolean(row.vat_included),
    settled: Boolean(row.settled),
  }));
}
