import { randomUUID } from 'node:crypto';
import { eventTypes, oreToDkk, payoutLabel, withoutVatOre, type AuthUser, type CarrierPayoutBody, type Payout, type PayoutStatusBody, type PayoutStatusChangedPayload, type PlatformPayoutBody } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { Db, EventMeta, LedgerContext } from '../context';
import { carrierNets, platformSaldoOre } from '../balances/service';
import { hasBankDetails } from '../bank-details/repo';
import { readSettings } from '../settings/repo';
import { requireKnownTask } from '../task-projection/repo';
import {
  countCarrierPayouts,
  growPendingRequest,
  insertPayout,
  lockCarrierMoney,
  lockPayout,
  lockPlatformMoney,
  openRequestOf,
  payoutByKey,
  updatePayout,
  type NewPayout,
  type PayoutRow,
} from './repo';

export function toPayoutJson(row: PayoutRow): Payout {
  return {
    id: row.id,
    type: row.type,
    carrier_id: row.carrier_id,
    task_id: row.task_id,
    amountGross: oreToDkk(row.amount_gross_ore),
    amountNet: oreToDkk(row.amount_net_ore),
    status: row.status,
    label: payoutLabel(row.status),
    providerRef: row.provider_ref,
    origin: row.origin,
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at ? row.paid_at.toISOString() : null,
  };
}

/** The VAT a payout's gross carries: the task's transaction's rate when it has one, else the platform's current rate. */
async function vatFor(db: Db, taskId: number | undefined, carrierId: number | null): Promise<number> {
  if (taskId !== undefined) {
    const query = db('ledger_transactions').where({ task_id: taskId });
    if (carrierId !== null) query.where({ carrier_id: carrierId });
    const row = (await query.orderBy('id', 'desc').first()) as { vat_percentage: number } | undefined;
    if (row) return Number(row.vat_percentage);
  }
  return Number((await readSettings(db)).vat_percentage);
}

async function publishStatus(
  context: LedgerContext,
  trx: Db,
  row: PayoutRow,
  from: PayoutRow['status'] | null,
  changedBy: number | null,
  meta: EventMeta,
): Promise<void> {
  await context.outbox.add(
    trx,
    eventTypes.payoutStatusChanged,
    {
      payoutId: row.id,
      type: row.type,
      carrierId: row.carrier_id,
      amountGrossOre: row.amount_gross_ore,
      amountNetOre: row.amount_net_ore,
      from,
      to: row.status,
      providerRef: row.provider_ref,
      changedBy,
    } satisfies PayoutStatusChangedPayload,
    meta,
  );
}

export interface Created<T> {
  created: boolean;
  value: T;
}

/** Inserts the payout and its event, or gives the payout its key made before (a repeated request). */
async function createPayout(
  context: LedgerContext,
  trx: Db,
  payout: NewPayout,
  changedBy: number,
  meta: EventMeta,
): Promise<Created<Payout>> {
  const row = await insertPayout(trx, payout);
  if (!row) {
    const earlier = await payoutByKey(trx, payout.idempotency_key);
    if (!earlier) throw domainError('payout_conflict');
    return { created: false, value: toPayoutJson(earlier) };
  }
  await publishStatus(context, trx, row, null, changedBy, meta);
  return { created: true, value: toPayoutJson(row) };
}

const adminKey = (scope: string, key: string | undefined) => `${scope}:${key ?? randomUUID()}`;

/** An admin's payout: paid at once (spec section 4, "defaults to paid in one flow") unless asked for as pending. */
function adminPayout(
  admin: AuthUser,
  body: PlatformPayoutBody,
  payout: { type: PayoutRow['type']; carrierId: number | null; netOre: number; key: string },
): NewPayout {
  const status = body.status ?? 'paid';
  return {
    type: payout.type,
    carrier_id: payout.carrierId,
    task_id: body.taskId ?? null,
    amount_net_ore: payout.netOre,
    amount_gross_ore: body.amountGross,
    status,
    provider_ref: body.providerRef ?? null,
    origin: 'admin',
    idempotency_key: payout.key,
    created_by: admin.id,
    paid_at: status === 'paid' ? new Date() : null,
  };
}

/** POST /finance/payouts/carrier (admin): at most the carrier's pendingNet; paid at once unless `status: pending`. */
export async function createCarrierPayout(
  context: LedgerContext,
  admin: AuthUser,
  body: CarrierPayoutBody,
  idempotencyKey: string | undefined,
  meta: EventMeta,
): Promise<Created<Payout>> {
  return context.db.transaction(async (trx) => {
    const key = adminKey(`admin-carrier:${admin.id}`, idempotencyKey);
    const earlier = await payoutByKey(trx, key);
    if (earlier) return { created: false, value: toPayoutJson(earlier) };
    await requireKnownTask(trx, body.taskId);
    await lockCarrierMoney(trx, body.carrierId);
    const { pendingNetOre, pendingGrossOre } = await carrierNets(trx, body.carrierId);
    const netOre = await netOfCarrierPayout(trx, body, { pendingNetOre, pendingGrossOre });
    if (netOre > pendingNetOre) {
      throw domainError(pendingNetOre > 0 ? 'payout_exceeds_pending' : 'nothing_to_pay_out');
    }
    return createPayout(context, trx, adminPayout(admin, body, { type: 'carrier', carrierId: body.carrierId, netOre, key }), admin.id, meta);
  });
}

/**
 * The net a carrier payout of `amountGross` pays out (docs/money.md): all that is pending gross pays all that is
 * pending net; part of it pays the same share of the net (adjustments without VAT and payouts with VAT mix, so one
 * VAT rate would not add up); with nothing pending gross, the VAT rate of the task (or the platform) decides.
 */
async function netOfCarrierPayout(trx: Db, body: CarrierPayoutBody, pending: { pendingNetOre: number; pendingGrossOre: number }): Promise<number> {
  if (body.amountGross === pending.pendingGrossOre) return pending.pendingNetOre;
  if (pending.pendingGrossOre > 0 && pending.pendingNetOre > 0) {
    return Math.min(body.amountGross, Math.round((body.amountGross * pending.pendingNetOre) / pending.pendingGrossOre));
  }
  return withoutVatOre(body.amountGross, await vatFor(trx, body.taskId, body.carrierId));
}

/** A payout's gross is never below its net (the table's check): VAT-free rows only ever make them equal. */
const grossOf = (grossOre: number, netOre: number) => Math.max(grossOre, netOre);

/** POST /finance/payouts/platform (admin): the platform takes out of its saldo (ex VAT), at most all of it. */
export async function createPlatformPayout(
  context: LedgerContext,
  admin: AuthUser,
  body: PlatformPayoutBody,
  idempotencyKey: string | undefined,
  meta: EventMeta,
): Promise<Created<Payout>> {
  return context.db.transaction(async (trx) => {
    const key = adminKey(`admin-platform:${admin.id}`, idempotencyKey);
    const earlier = await payoutByKey(trx, key);
    if (earlier) return { created: false, value: toPayoutJson(earlier) };
    await requireKnownTask(trx, body.taskId);
    await lockPlatformMoney(trx);
    const netOre = withoutVatOre(body.amountGross, await vatFor(trx, body.taskId, null));
    const saldo = await platformSaldoOre(trx);
    if (netOre > saldo.total) throw domainError('payout_exceeds_saldo');
    return createPayout(context, trx, adminPayout(admin, body, { type: 'platform', carrierId: null, netOre, key }), admin.id, meta);
  });
}

/**
 * POST /finance/payout-requests (carrier): one pending payout of all of pendingNet. A double click, or the same
 * Idempotency-Key again, gives the payout the first click made; the unique index on open requests backs it up.
 * Without saved bank details (profile 'Bank', as identity announced them) there is nowhere to pay to: 422.
 */
export async function requestPayout(
  context: LedgerContext,
  carrier: AuthUser,
  idempotencyKey: string | undefined,
  meta: EventMeta,
): Promise<Created<Payout>> {
  const attempt = () =>
    context.db.transaction(async (trx) => {
      if (idempotencyKey) {
        const earlier = await payoutByKey(trx, `request:${carrier.id}:${idempotencyKey}`);
        if (earlier) return { created: false, value: toPayoutJson(earlier) };
      }
      await lockCarrierMoney(trx, carrier.id);
      const open = await openRequestOf(trx, carrier.id);
      const { pendingNetOre, pendingGrossOre } = await carrierNets(trx, carrier.id);
      if (open && pendingNetOre <= 0) return { created: false, value: toPayoutJson(open) };
      if (pendingNetOre <= 0) throw domainError('nothing_to_pay_out');
      if (!(await hasBankDetails(trx, carrier.id))) throw domainError('bank_details_missing');
      if (open) {
        // More was earned since the open request: it grows to all of pendingNet rather than a second request.
        // Gross grows by the gross of what was earned since, not by VAT on the whole (docs/money.md).
        const grown = open.amount_net_ore + pendingNetOre;
        const grownGross = grossOf(open.amount_gross_ore + pendingGrossOre, grown);
        const row = await growPendingRequest(trx, open.id, grown, grownGross);
        // Locked above, so still pending; the condition keeps a settled payout from ever growing.
        if (!row) throw domainError('payout_conflict');
        return { created: false, value: toPayoutJson(row) };
      }
      const key = idempotencyKey
        ? `request:${carrier.id}:${idempotencyKey}`
        : `request:${carrier.id}:${await countCarrierPayouts(trx, carrier.id)}`;
      return createPayout(
        context,
        trx,
        {
          type: 'carrier',
          carrier_id: carrier.id,
          task_id: null,
          amount_net_ore: pendingNetOre,
          // The gross of exactly the rows it pays out: payouts with VAT, adjustments with or without.
          amount_gross_ore: grossOf(pendingGrossOre, pendingNetOre),
          status: 'pending',
          provider_ref: null,
          origin: 'request',
          idempotency_key: key,
          created_by: carrier.id,
          paid_at: null,
        },
        carrier.id,
        meta,
      );
    });
  try {
    return await attempt();
  } catch (error) {
    // Two requests raced past the lock on another connection pool: the loser's insert hit the open-request index.
    if ((error as { code?: string }).code === '23505') return attempt();
    throw error;
  }
}

/**
 * PUT /finance/payouts/{id}/status (admin): pending → paid or cancelled; a settled payout stays as it is. A carrier's
 * request is not marked paid while the carrier has no bank details saved (it may be cancelled).
 */
export async function changePayoutStatus(
  context: LedgerContext,
  admin: AuthUser,
  id: number,
  body: PayoutStatusBody,
  meta: EventMeta,
): Promise<Payout> {
  return context.db.transaction(async (trx) => {
    const current = await lockPayout(trx, id);
    if (!current) throw domainError('payout_not_found');
    if (current.status === body.status) {
      if (body.providerRef !== undefined && body.providerRef !== current.provider_ref) {
        const updated = await updatePayout(trx, id, current.status, { provider_ref: body.providerRef });
        if (!updated) throw domainError('payout_settled');
        return toPayoutJson(updated);
      }
      return toPayoutJson(current);
    }
    if (current.status !== 'pending' || body.status === 'pending') {
      throw domainError('payout_settled');
    }
    // A carrier's request asks to be paid to their bank account: without one saved there is nothing to mark paid.
    if (body.status === 'paid' && current.origin === 'request' && current.carrier_id !== null && !(await hasBankDetails(trx, current.carrier_id))) {
      throw domainError('bank_details_missing', { variant: 'payoutBankDetailsMissing' });
    }
    const updated = await updatePayout(trx, id, 'pending', {
      status: body.status,
      provider_ref: body.providerRef ?? current.provider_ref,
      paid_at: body.status === 'paid' ? new Date() : null,
    });
    if (!updated) throw domainError('payout_settled');
    await publishStatus(context, trx, updated, current.status, admin.id, meta);
    return toPayoutJson(updated);
  });
}
