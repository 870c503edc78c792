import type { Db } from '../context';

export interface LoginKey {
  email: string;
  ip: string;
}

export async function countLoginFailuresSince(db: Db, key: LoginKey, since: Date): Promise<number> {
  const [row] = (await db('login_failures')
    .where({ email: key.email, ip: key.ip })
    .andWhere('attempted_at', '>', since)
    .count({ count: '*' })) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}

/** Failures from one client address across every e-mail: one address trying one password on many accounts. */
export async function countAddressFailuresSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = (await db('login_failures')
    .where({ ip })
    .andWhere('attempted_at', '>', since)
    .count({ count: '*' })) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}

export async function recordLoginFailure(db: Db, key: LoginKey, at: Date): Promise<void> {
  await db('login_failures').insert({ email: key.email, ip: key.ip, attempted_at: at });
}

export async function clearLoginFailures(db: Db, key: LoginKey): Promise<void> {
  await db('login_failures').where({ email: key.email, ip: key.ip }).delete();
}

export async function deleteLoginFailuresBefore(db: Db, before: Date): Promise<void> {
  await db('login_failures').where('attempted_at', '<=', before).delete();
}
