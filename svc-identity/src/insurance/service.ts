import type { AuthUser, InsuranceRecord } from '@fragtbud/contracts';
import { messages } from '@fragtbud/contracts';
import { AppError } from '@fragtbud/platform';
import type { IdentityContext } from '../context';
import { findUserById } from '../users/repo';
import { insertInsurance, listInsuranceOf, updateInsuranceOf, type InsuranceRow } from './repo';

function toJson(row: InsuranceRow, today: string): InsuranceRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    file_url: row.file_url,
    expires_at: row.expires_on,
    notes: row.notes,
    expired: row.expires_on !== null && row.expires_on < today,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const todayOf = (context: IdentityContext) => context.clock().toISOString().slice(0, 10);

export async function myInsurance(context: IdentityContext, caller: AuthUser): Promise<InsuranceRecord[]> {
  const today = todayOf(context);
  return (await listInsuranceOf(context.db, caller.id)).map((row) => toJson(row, today));
}

export async function addInsurance(
  context: IdentityContext,
  caller: AuthUser,
  body: { file_url: string; expires_at: string | null; notes: string | null },
): Promise<InsuranceRecord> {
  const row = await insertInsurance(context.db, { user_id: caller.id, ...body }, context.clock());
  return toJson(row, todayOf(context));
}

export async function changeInsurance(
  context: IdentityContext,
  caller: AuthUser,
  id: number,
  patch: Partial<{ file_url: string; expires_at: string | null; notes: string | null }>,
): Promise<InsuranceRecord> {
  const row = await updateInsuranceOf(context.db, caller.id, id, patch, context.clock());
  if (!row) throw AppError.notFound(messages.insuranceNotFound, 'insurance_not_found');
  return toJson(row, todayOf(context));
}

/** An admin looking at a carrier (approval): their insurance records, expired ones marked. */
export async function insuranceOfUser(context: IdentityContext, userId: number): Promise<InsuranceRecord[]> {
  if (!(await findUserById(context.db, userId))) throw AppError.notFound(messages.userNotFound, 'user_not_found');
  const today = todayOf(context);
  return (await listInsuranceOf(context.db, userId)).map((row) => toJson(row, today));
}
