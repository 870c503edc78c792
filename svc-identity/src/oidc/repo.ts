import type { Db } from '../context';

export interface OidcLoginRow {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  next_path: string;
  expires_at: Date;
  /** Hash of the HttpOnly cookie the starting browser got: the callback must come from that browser. */
  browser_hash: string;
  /** Set when a signed-in user links a provider login to this account instead of signing in. */
  link_user_id: number | null;
}

export interface OidcLinkRow {
  id: number;
  user_id: number;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: Date;
  last_used_at: Date | null;
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

export async function findOidcLink(db: Db, issuer: string, subject: string): Promise<OidcLinkRow | undefined> {
  return db<OidcLinkRow>('oidc_links').where({ issuer, subject }).first();
}

/** The new link, or undefined when that (issuer, subject) is already linked (to this or another account). */
export async function insertOidcLink(
  db: Db,
  row: Pick<OidcLinkRow, 'user_id' | 'issuer' | 'subject' | 'email' | 'created_at'>,
): Promise<OidcLinkRow | undefined> {
  const rows = (await db('oidc_links').insert(row).onConflict(['issuer', 'subject']).ignore().returning('*')) as OidcLinkRow[];
  return rows[0];
}

export async function touchOidcLink(db: Db, id: number, at: Date): Promise<void> {
  await db('oidc_links').where({ id }).update({ last_used_at: at });
}

export async function listOidcLinksOf(db: Db, userId: number): Promise<OidcLinkRow[]> {
  return db<OidcLinkRow>('oidc_links').where({ user_id: userId }).orderBy('id');
}

/** Removes one of the user's own links; false when there is none with that id for that user. */
export async function deleteOidcLinkOf(db: Db, userId: number, id: number): Promise<boolean> {
  return (await db('oidc_links').where({ id, user_id: userId }).delete()) > 0;
}
