import type { Db } from '../context';

/** Keeps the newest word on whether the user has bank details (an older event never overwrites a newer one). */
export async function saveBankDetailsFact(db: Db, userId: number, hasBankDetails: boolean, at: Date): Promise<void> {
  await db('user_bank_details')
    .insert({ user_id: userId, has_bank_details: hasBankDetails, updated_at: at })
    .onConflict('user_id')
    .merge({ has_bank_details: hasBankDetails, updated_at: at })
    .where('user_bank_details.updated_at', '<=', at);
}

/** Whether identity has said the user saved reg.nr. and kontonummer; false when it has said nothing. */
export async function hasBankDetails(db: Db, userId: number): Promise<boolean> {
  const row = (await db('user_bank_details').where({ user_id: userId }).first('has_bank_details')) as { has_bank_details: boolean } | undefined;
  return row?.has_bank_details === true;
}
