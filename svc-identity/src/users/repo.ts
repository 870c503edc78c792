import type { Role, UsersQuery } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  phone: string | null;
  company: string | null;
  cvr_number: string | null;
  /** The CVR number the register last confirmed (see carrier-profile). */
  cvr_verified_number: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  is_approved: boolean;
  is_blocked: boolean;
  created_at: Date;
  updated_at: Date;
  email_verified_at: Date | null;
  bank_reg: string | null;
  bank_account: string | null;
  totp_secret_enc: string | null;
  totp_pending_secret_enc: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  terms_version: string | null;
  privacy_version: string | null;
  terms_accepted_at: Date | null;
  /** Set when the user deleted their account: the row is anonymised and can never sign in again. */
  erased_at: Date | null;
  /** Until then every second-factor code of the user is refused (too many wrong codes, issue 24). */
  second_factor_locked_until: Date | null;
}

export interface SavedAddressRow {
  id: number;
  user_id: number;
  name: string;
  address: string;
}

export interface NewUser {
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  phone?: string | null;
  company?: string | null;
  bank_reg?: string | null;
  bank_account?: string | null;
  is_approved: boolean;
  email_verified_at?: Date | null;
  terms_version?: string | null;
  privacy_version?: string | null;
  terms_accepted_at?: Date | null;
}

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'phone'
    | 'company'
    | 'password_hash'
    | 'role'
    | 'is_approved'
    | 'is_blocked'
    | 'email_verified_at'
    | 'cvr_number'
    | 'cvr_verified_number'
    | 'address'
    | 'postal_code'
    | 'city'
    | 'country'
    | 'bank_reg'
    | 'bank_account'
    | 'totp_secret_enc'
    | 'totp_pending_secret_enc'
    | 'totp_enabled_at'
    | 'totp_last_step'
    | 'email'
    | 'erased_at'
    | 'second_factor_locked_until'
  >
>;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

/** Same as findUserById, holding the row until the transaction ends. */
export async function lockUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).forUpdate().first();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.toLowerCase() }).first();
}

/** Inserts the user, or returns undefined when the e-mail is taken (without aborting the transaction). */
export async function insertUser(db: Db, user: NewUser, now: Date): Promise<UserRow | undefined> {
  const rows = (await db('users')
    .insert({ ...user, email: user.email.toLowerCase(), created_at: now, updated_at: now })
    .onConflict('email')
    .ignore()
    .returning('*')) as UserRow[];
  return rows[0];
}

export async function updateUser(db: Db, id: number, patch: UserPatch, now: Date): Promise<UserRow | undefined> {
  const rows = (await db('users')
    .where({ id })
    .update({ ...patch, updated_at: now })
    .returning('*')) as UserRow[];
  return rows[0];
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  return (await db('users').where({ id }).delete()) > 0;
}

/** Ids of all admins, locked, so two admins cannot remove each other at the same time. */
export async function lockAdminIds(db: Db): Promise<number[]> {
  const rows = (await db('users').where({ role: 'admin' }).forUpdate().select('id')) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export async function listUsers(db: Db, query: UsersQuery): Promise<{ rows: UserRow[]; total: number }> {
  const filtered = db<UserRow>('users').where((where) => {
    switch (query.role) {
      case 'customer':
      case 'carrier':
      case 'admin':
        where.where({ role: query.role });
        break;
      case 'blocked':
        where.where({ is_blocked: true });
        break;
      case 'pending':
        where.where({ role: 'carrier', is_approved: false, is_blocked: false });
        break;
      case undefined:
        break;
    }
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      where.where((text) =>
        text.whereILike('name', pattern).orWhereILike('email', pattern).orWhereILike('company', pattern),
      );
    }
  });
  const [countRow] = (await filtered.clone().count({ count: '*' })) as Array<{ count: number | string }>;
  const total = Number(countRow?.count ?? 0);
  const offset = (query.page - 1) * query.limit;
  if (offset >= total) return { rows: [], total };
  const rows = (await filtered
    .clone()
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)
    .offset(offset)) as UserRow[];
  return { rows, total };
}

export async function countUsers(db: Db, where: Partial<Pick<UserRow, 'role' | 'is_approved' | 'is_blocked'>>): Promise<number> {
  const [row] = (await db('users').where(where).count({ count: '*' })) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}

export async function listSavedAddresses(db: Db, userId: number): Promise<SavedAddressRow[]> {
  return db<SavedAddressRow>('saved_addresses').where({ user_id: userId }).orderBy('id', 'asc').select('*');
}
