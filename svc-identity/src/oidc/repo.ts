import type { Db } from '../context';

export interface OidcLoginRow {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  next_path: string;
  expires_at: Date;
}

export async function insertOidcLogin(db: Db, row: OidcLoginRow, now: Date): Promise<void> {
  await db('oidc_logins').where('expires_at', '<', now).delete();
  await db('oidc_logins').insert(row);
}

/** Takes the pending login out (single use); undefined when unknown or expired. */
export async function takeOidcLogin(db: Db, stateHash: string, now: Date): Promise<OidcLoginRow | undefined> {
  const rows = (await db('oidc_logins').where({ state_hash: stateHash }).delete().returning('*')) as OidcLoginRow[];
  const row = rows[0];
  return row && row.expires_at.getTime() > now.getTime() ? row : undefined;
}
