import type { Db } from '../context';

/** Rows that only describe the person or let them sign in; deleted when the account is deleted. */
const personalTables = [
  'saved_addresses',
  'sessions',
  'account_tokens',
  'login_challenges',
  'recovery_codes',
  'billing_changes',
  'insurance_records',
  'oidc_links',
] as const;

export async function deletePersonalRowsOf(db: Db, userId: number): Promise<void> {
  for (const table of personalTables) await db(table).where({ user_id: userId }).delete();
}

export async function listInsuranceOf(db: Db, userId: number): Promise<Array<Record<string, unknown>>> {
  return db('insurance_records').where({ user_id: userId }).orderBy('id').select('id', 'file_url', 'expires_at', 'notes', 'created_at');
}

export async function listBillingChangesOf(db: Db, userId: number): Promise<Array<Record<string, unknown>>> {
  return db('billing_changes').where({ user_id: userId }).orderBy('id').select('id', 'data', 'status', 'created_at', 'decided_at');
}
