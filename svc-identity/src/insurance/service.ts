import type { AuthUser, InsuranceRecord } from '@fragtbud/contracts';
import { fileKeyOfUrl } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { announceCarrierProfile } from '../carrier-profile/announce';
import type { IdentityContext } from '../context';
import { findUserById } from '../users/repo';
import { findInsuranceOf, insertInsurance, listInsuranceOf, updateInsuranceOf, type InsuranceRow } from './repo';

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

/** The carrier's public 'Forsikret' badge follows their documents' expiry dates. */
async function announceInsuranceChange(context: IdentityContext, trx: Knex.Transaction, userId: number): Promise<void> {
  const user = await findUserById(trx, userId);
  if (user) await announceCarrierProfile(context, trx, user);
}

const todayOf = (context: IdentityContext) => context.clock().toISOString().slice(0, 10);

/**
 * A carrier registers only a document they uploaded themselves (POST /upload/document in svc-tasks). Someone else's
 * file is refused in the same words as one that does not exist, so a key never tells whether it is in use.
 */
async function assertOwnDocument(context: IdentityContext, caller: AuthUser, fileUrl: string, requestId?: string): Promise<void> {
  const key = fileKeyOfUrl(fileUrl);
  if (!key) throw domainError('insurance_file_invalid');
  const file = await context.tasks.findFile(key, requestId);
  if (!file || file.owner_user_id !== caller.id || file.kind !== 'document') {
    throw domainError('insurance_file_not_yours');
  }
}

export async function myInsurance(context: IdentityContext, caller: AuthUser): Promise<InsuranceRecord[]> {
  const today = todayOf(context);
  return (await listInsuranceOf(context.db, caller.id)).map((row) => toJson(row, today));
}

export async function addInsurance(
  context: IdentityContext,
  caller: AuthUser,
  body: { file_url: string; expires_at: string | null; notes: string | null },
  requestId?: string,
): Promise<InsuranceRecord> {
  await assertOwnDocument(context, caller, body.file_url, requestId);
  const row = await context.db.transaction(async (trx) => {
    const inserted = await insertInsurance(trx, { user_id: caller.id, ...body }, context.clock());
    await announceInsuranceChange(context, trx, caller.id);
    return inserted;
  });
  return toJson(row, todayOf(context));
}

export async function changeInsurance(
  context: IdentityContext,
  caller: AuthUser,
  id: number,
  patch: Partial<{ file_url: string; expires_at: string | null; notes: string | null }>,
  requestId?: string,
): Promise<InsuranceRecord> {
  const notFound = () => domainError('insurance_not_found');
  if (patch.file_url !== undefined) {
    const current = await findInsuranceOf(context.db, caller.id, id);
    if (!current) throw notFound();
    if (patch.file_url !== current.file_url) await assertOwnDocument(context, caller, patch.file_url, requestId);
  }
  const row = await context.db.transaction(async (trx) => {
    const updated = await updateInsuranceOf(trx, caller.id, id, patch, context.clock());
    if (updated) await announceInsuranceChange(context, trx, caller.id);
    return updated;
  });
  if (!row) throw notFound();
  return toJson(row, todayOf(context));
}

/** An admin looking at a carrier (approval): their insurance records, expired ones marked. */
export async function insuranceOfUser(context: IdentityContext, userId: number): Promise<InsuranceRecord[]> {
  if (!(await findUserById(context.db, userId))) throw domainError('user_not_found');
  const today = todayOf(context);
  return (await listInsuranceOf(context.db, userId)).map((row) => toJson(row, today));
}
