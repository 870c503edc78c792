import type { AuthUser } from '@fragtbud/contracts';
import { messages } from '@fragtbud/contracts';
import { AppError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { findUserById, updateUser } from '../users/repo';

export interface BankInfo {
  bankReg: string | null;
  bankAccount: string | null;
}

export async function getBankInfo(context: IdentityContext, caller: AuthUser): Promise<BankInfo> {
  const row = await findUserById(context.db, caller.id);
  if (!row) throw AppError.unauthorized(messages.sessionExpired, 'unauthorized');
  return { bankReg: row.bank_reg, bankAccount: row.bank_account };
}

export async function saveBankInfo(context: IdentityContext, caller: AuthUser, body: { bankReg: string; bankAccount: string }): Promise<BankInfo> {
  const row = await updateUser(context.db, caller.id, { bank_reg: body.bankReg, bank_account: body.bankAccount }, context.clock());
  if (!row) throw AppError.unauthorized(messages.sessionExpired, 'unauthorized');
  return { bankReg: row.bank_reg, bankAccount: row.bank_account };
}
