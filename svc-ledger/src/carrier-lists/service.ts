import type { AuthUser, CarrierListCreate, CarrierListJson, CarrierListUpdate, EventPayload } from '@fragtbud/contracts';
import { eventTypes, oreToDkk } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { EventMeta, LedgerContext } from '../context';
import {
  countCarriersOn,
  deleteCarrierList,
  findCarrierList,
  insertCarrierList,
  isNameTaken,
  listCarrierLists,
  lockCarrierList,
  updateCarrierList,
  type CarrierListPatch,
  type CarrierListRow,
} from './repo';

export const carrierListNotFound = () => domainError('carrier_list_not_found');
const nameTaken = () => domainError('carrier_list_name_taken');

export function toCarrierListJson(row: CarrierListRow, carrierCount: number): CarrierListJson {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    feePercentage: row.fee_percentage,
    fixedFee: oreToDkk(row.fixed_fee_ore),
    minFee: oreToDkk(row.min_fee_ore),
    carrierCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function getCarrierLists(context: LedgerContext): Promise<{ items: CarrierListJson[] }> {
  const rows = await listCarrierLists(context.db);
  return { items: rows.map((row) => toCarrierListJson(row, Number(row.carrier_count))) };
}

export async function createCarrierList(context: LedgerContext, caller: AuthUser, list: CarrierListCreate): Promise<CarrierListJson> {
  let row: CarrierListRow;
  try {
    row = await insertCarrierList(context.db, {
      name: list.name,
      description: list.description,
      fee_percentage: list.feePercentage,
      fixed_fee_ore: list.fixedFeeOre,
      min_fee_ore: list.minFeeOre,
    });
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken();
    throw error;
  }
  context.logger.info({ listId: row.id, name: row.name, by: caller.id }, 'carrier list created');
  return toCarrierListJson(row, 0);
}

/** Saves the change; a changed name or fee is announced (ledger.carrier_list.updated) in the same transaction. */
export async function changeCarrierList(
  context: LedgerContext,
  caller: AuthUser,
  listId: number,
  changes: CarrierListUpdate,
  meta: EventMeta = {},
): Promise<CarrierListJson> {
  const patch: CarrierListPatch = {};
  if (changes.name !== undefined) patch.name = changes.name;
  if (changes.description !== undefined) patch.description = changes.description;
  if (changes.feePercentage !== undefined) patch.fee_percentage = changes.feePercentage;
  if (changes.fixedFeeOre !== undefined) patch.fixed_fee_ore = changes.fixedFeeOre;
  if (changes.minFeeOre !== undefined) patch.min_fee_ore = changes.minFeeOre;
  const priced = (['name', 'fee_percentage', 'fixed_fee_ore'] as const).filter((key) => patch[key] !== undefined);
  try {
    await context.db.transaction(async (trx) => {
      const saved = await updateCarrierList(trx, listId, patch, new Date());
      if (!saved) throw carrierListNotFound();
      if (priced.length === 0) return;
      await context.outbox.add(
        trx,
        eventTypes.carrierListUpdated,
        {
          listId,
          listName: saved.name,
          feePercentage: saved.fee_percentage,
          fixedFeeOre: saved.fixed_fee_ore,
          changed: priced,
          updatedBy: caller.id,
        } satisfies EventPayload<typeof eventTypes.carrierListUpdated>,
        meta,
      );
    });
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken();
    throw error;
  }
  const saved = await findCarrierList(context.db, listId);
  if (!saved) throw carrierListNotFound();
  context.logger.info({ listId, by: caller.id, changed: Object.keys(patch) }, 'carrier list changed');
  return toCarrierListJson(saved, Number(saved.carrier_count));
}

/** A list with carriers on it stays: 409, so nobody falls back to the default fee without an admin moving them. */
export async function removeCarrierList(context: LedgerContext, caller: AuthUser, listId: number): Promise<void> {
  await context.db.transaction(async (trx) => {
    if (!(await lockCarrierList(trx, listId))) throw carrierListNotFound();
    if ((await countCarriersOn(trx, listId)) > 0) throw domainError('carrier_list_in_use');
    await deleteCarrierList(trx, listId);
  });
  context.logger.info({ listId, by: caller.id }, 'carrier list deleted');
}
