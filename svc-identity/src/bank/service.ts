import type { AuthUser } from '@fragtbud/contracts';

import { domainError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { findUserById, updateUser } from '../users/repo';
import { announceUserUpdated } from '../users/user-events';

export interface BankInfo {
  bankReg: string | null;
  bankAccount: string | null;
}

export async function getBankInfo(context: IdentityContext, caller: AuthUser): Promise<BankInfo> {
  const row = await findUserById(context.db, caller.id);
  if (!row) throw domainError('unauthorized');
  return { bankReg: row.bank_reg, bankAccount: row.bank_account };
}

/** Saves reg.nr. and kontonummer and tells the other services (identity.user.updated: hasBankDetails) in the same transaction. */
export async function saveBankInfo(context: IdentityContext, caller: AuthUser, body: { bankReg: string; bankAccount: string }): Promise<BankInfo> {
  const row = await context.db.transaction(async (trx) => {
    const saved = await updateUser(trx, caller.id, { bank_reg: body.bankReg, bank_account: body.bankAccount }, context.clock());
    if (saved) await announceUserUpdated(context, trx, saved);
    return saved;
  });
  if (!row) throw domainError('unauthorized');
  return { bankReg: row.bank_reg, bankAccount: row.bank_account };
}
