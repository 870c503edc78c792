import type { AuthUser, PlatformSettingsJson, PlatformSettingsOre, PlatformSettingsUpdate } from '@fragtbud/contracts';
import { eventTypes, oreToDkk } from '@fragtbud/contracts';
import type { EventMeta, LedgerContext } from '../context';
import { lockSettings, readSettings, settingsOf, updateSettings, type PlatformSettingsRow, type SettingsPatch } from './repo';

export function toSettingsJson(row: PlatformSettingsRow): PlatformSettingsJson {
  return {
    feePercentage: row.fee_percentage,
    fixedFee: oreToDkk(row.fixed_fee_ore),
    vatPercentage: row.vat_percentage,
    minFee: oreToDkk(row.min_fee_ore),
    maxBids: row.max_bids,
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
  };
}

export async function getPlatformSettings(context: LedgerContext): Promise<PlatformSettingsJson> {
  return toSettingsJson(await readSettings(context.db));
}

/** The settings in øre, for quotes and for other services. */
export async function currentSettings(context: LedgerContext): Promise<PlatformSettingsOre> {
  return settingsOf(await readSettings(context.db));
}

const columns = {
  feePercentage: 'fee_percentage',
  fixedFeeOre: 'fixed_fee_ore',
  vatPercentage: 'vat_percentage',
  minFeeOre: 'min_fee_ore',
  maxBids: 'max_bids',
} as const satisfies Record<keyof PlatformSettingsOre, keyof SettingsPatch>;

/**
 * An admin changes some of the settings; the others keep their value. Only a real change is saved and announced
 * (`ledger.settings.updated` with the full new settings), so a form saved twice is one event.
 */
export async function changePlatformSettings(
  context: LedgerContext,
  caller: AuthUser,
  update: PlatformSettingsUpdate,
  meta: EventMeta,
): Promise<PlatformSettingsJson> {
  const saved = await context.db.transaction(async (trx) => {
    const current = await lockSettings(trx);
    const before = settingsOf(current);
    const patch: SettingsPatch = {};
    const changed: string[] = [];
    for (const key of Object.keys(columns) as Array<keyof typeof columns>) {
      const value = update[key];
      if (value === undefined || value === before[key]) continue;
      patch[columns[key]] = value;
      changed.push(key);
    }
    if (changed.length === 0) return current;
    const row = await updateSettings(trx, patch, caller.id, new Date());
    await context.outbox.add(trx, eventTypes.ledgerSettingsUpdated, { ...settingsOf(row), changed, updatedBy: caller.id }, meta);
    return row;
  });
  context.logger.info({ by: caller.id, settings: settingsOf(saved) }, 'platform settings saved');
  return toSettingsJson(saved);
}
