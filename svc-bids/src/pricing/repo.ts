import { defaultCarrierFee, type CarrierFee, type InternalCarrierFees, type PlatformSettingsOre } from '@fragtbud/contracts';
import type { Knex } from 'knex';
import type { Db } from '../context';

/** A carrier's fee as svc-ledger last told it; `list` null = on no list (the default fee). */
export interface ProjectedCarrierFee {
  list: { id: number; name: string } | null;
  fee: CarrierFee;
}

export interface SettingsRow {
  fee_percentage: number;
  fixed_fee_ore: number;
  vat_percentage: number;
  min_fee_ore: number;
  max_bids: number;
  /** When svc-ledger's list of every carrier on a list was taken in (null: not yet). */
  carrier_fees_complete_at?: string | Date | null;
}

export interface CarrierFeeRow {
  list_id: number | null;
  list_name: string | null;
  fee_percentage: number;
  fixed_fee_ore: number;
}

/** A `pricing_settings` row (read on its own or joined into another query) as the pricing function takes it. */
export function settingsOf(row: SettingsRow): PlatformSettingsOre {
  return {
    feePercentage: Number(row.fee_percentage),
    fixedFeeOre: Number(row.fixed_fee_ore),
    vatPercentage: Number(row.vat_percentage),
    minFeeOre: Number(row.min_fee_ore),
    maxBids: Number(row.max_bids),
  };
}

const settingsValues = (settings: PlatformSettingsOre, now: Date) => ({
  id: 1,
  fee_percentage: settings.feePercentage,
  fixed_fee_ore: settings.fixedFeeOre,
  vat_percentage: settings.vatPercentage,
  min_fee_ore: settings.minFeeOre,
  max_bids: settings.maxBids,
  updated_at: now,
});

/** From ledger.settings.updated: the settings in force from now on. */
export async function saveSettings(db: Db, settings: PlatformSettingsOre, now: Date): Promise<void> {
  await db('pricing_settings').insert(settingsValues(settings, now)).onConflict('id').merge();
}

/** From a quote svc-ledger made: kept only if no event got here first (an event is never older than what it replaces). */
export async function rememberSettings(db: Db, settings: PlatformSettingsOre, now: Date): Promise<void> {
  await db('pricing_settings').insert(settingsValues(settings, now)).onConflict('id').ignore();
}

/**
 * A carrier's fee as the projection knows it: their `carrier_fees` row; without one, the default fee once every
 * carrier on a list has been taken in (they are on none); undefined when that is not known here (ask svc-ledger).
 */
export function carrierFeeOf(row: CarrierFeeRow | null | undefined, settings: SettingsRow | null | undefined): ProjectedCarrierFee | undefined {
  if (row) {
    return {
      list: row.list_id === null ? null : { id: row.list_id, name: row.list_name ?? '' },
      fee: { feePercentage: Number(row.fee_percentage), fixedFeeOre: Number(row.fixed_fee_ore) },
    };
  }
  return settings?.carrier_fees_complete_at ? { list: null, fee: { ...defaultCarrierFee } } : undefined;
}

const carrierFeeValues = (carrierId: number, projected: ProjectedCarrierFee, now: Date) => ({
  carrier_id: carrierId,
  list_id: projected.list?.id ?? null,
  list_name: projected.list?.name ?? null,
  fee_percentage: projected.fee.feePercentage,
  fixed_fee_ore: projected.fee.fixedFeeOre,
  updated_at: now,
});

/** From ledger.carrier_list.assigned / unassigned. */
export async function saveCarrierFee(db: Db, carrierId: number, projected: ProjectedCarrierFee, now: Date): Promise<void> {
  await db('carrier_fees').insert(carrierFeeValues(carrierId, projected, now)).onConflict('carrier_id').merge();
}

/** From a quote svc-ledger made for the carrier: kept only if no event got here first. */
export async function rememberCarrierFee(db: Db, carrierId: number, projected: ProjectedCarrierFee, now: Date): Promise<void> {
  await db('carrier_fees').insert(carrierFeeValues(carrierId, projected, now)).onConflict('carrier_id').ignore();
}

/** From ledger.carrier_list.updated: everyone on the list pays its new fee. */
export async function updateListFee(db: Db, listId: number, listName: string, fee: CarrierFee, now: Date): Promise<void> {
  await db('carrier_fees')
    .where({ list_id: listId })
    .update({ list_name: listName, fee_percentage: fee.feePercentage, fixed_fee_ore: fee.fixedFeeOre, updated_at: now });
}

/**
 * Takes in svc-ledger's list of every carrier on a list (GET /internal/carrier-fees) and marks the projection whole.
 * Rows and settings an event already wrote are kept: an event is never older than this list, which was read before
 * it was written here. One transaction, so the mark is never set without the rows.
 */
export async function takeInCarrierFees(db: Knex, fees: InternalCarrierFees, now: Date): Promise<void> {
  const rows = fees.carriers.map((carrier) => carrierFeeValues(carrier.carrierId, { list: carrier.list, fee: carrier.fee }, now));
  await db.transaction(async (trx) => {
    await rememberSettings(trx, fees.settings, now);
    for (let at = 0; at < rows.length; at += intakeBatchSize) {
      await trx('carrier_fees').insert(rows.slice(at, at + intakeBatchSize)).onConflict('carrier_id').ignore();
    }
    await trx('pricing_settings').where({ id: 1 }).update({ carrier_fees_complete_at: now });
  });
}

/** Rows per insert statement (6 parameters each, well under PostgreSQL's 65 535). */
const intakeBatchSize = 1_000;

/** The settings and the carrier's fee as the projection knows them (see carrierFeeOf), in one read. */
export async function findPricing(db: Db, carrierId: number): Promise<{ settings: PlatformSettingsOre | undefined; carrierFee: ProjectedCarrierFee | undefined }> {
  const row = (await db
    .select(db.raw('to_jsonb(settings) as settings'), db.raw('to_jsonb(carrier_fee) as carrier_fee'))
    .from(db.raw('(select 1) as one'))
    .leftJoin('pricing_settings as settings', 'settings.id', db.raw('1'))
    .leftJoin('carrier_fees as carrier_fee', 'carrier_fee.carrier_id', db.raw('?', [carrierId]))
    .first()) as { settings: SettingsRow | null; carrier_fee: CarrierFeeRow | null };
  return { settings: row.settings ? settingsOf(row.settings) : undefined, carrierFee: carrierFeeOf(row.carrier_fee, row.settings) };
}

/** Whether svc-ledger's list of carriers on lists has been taken in. */
export async function carrierFeesComplete(db: Db): Promise<boolean> {
  const row = (await db('pricing_settings').where({ id: 1 }).first('carrier_fees_complete_at')) as Pick<SettingsRow, 'carrier_fees_complete_at'> | undefined;
  return Boolean(row?.carrier_fees_complete_at);
}
