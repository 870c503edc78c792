import type { PlatformSettingsOre } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface PlatformSettingsRow {
  id: number;
  fee_percentage: number;
  fixed_fee_ore: number;
  vat_percentage: number;
  min_fee_ore: number;
  max_bids: number;
  updated_at: Date | null;
  updated_by: number | null;
}

export type SettingsPatch = Partial<Pick<PlatformSettingsRow, 'fee_percentage' | 'fixed_fee_ore' | 'vat_percentage' | 'min_fee_ore' | 'max_bids'>>;

/** The single settings row (seeded by the first migration). */
export async function readSettings(db: Db): Promise<PlatformSettingsRow> {
  return first(await db<PlatformSettingsRow>('platform_settings').where({ id: 1 }).select('*'));
}

/** Same as readSettings, holding the row until the transaction ends, so two admins' changes queue up. */
export async function lockSettings(db: Db): Promise<PlatformSettingsRow> {
  return first(await db<PlatformSettingsRow>('platform_settings').where({ id: 1 }).forUpdate().select('*'));
}

export async function updateSettings(db: Db, patch: SettingsPatch, by: number, now: Date): Promise<PlatformSettingsRow> {
  const rows = (await db('platform_settings')
    .where({ id: 1 })
    .update({ ...patch, updated_by: by, updated_at: now })
    .returning('*')) as PlatformSettingsRow[];
  return first(rows);
}

function first(rows: PlatformSettingsRow[]): PlatformSettingsRow {
  const row = rows[0];
  if (!row) throw new Error('platform_settings has no row: the ledger migrations did not run');
  return row;
}

export function settingsOf(row: PlatformSettingsRow): PlatformSettingsOre {
  return {
    feePercentage: row.fee_percentage,
    fixedFeeOre: row.fixed_fee_ore,
    vatPercentage: row.vat_percentage,
    minFeeOre: row.min_fee_ore,
    maxBids: row.max_bids,
  };
}
