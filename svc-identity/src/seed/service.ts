import { randomUUID } from 'node:crypto';
import type { Role } from '@fragtbud/contracts';
import { eventTypes } from '@fragtbud/contracts';
import type { IdentityContext } from '../context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { closeAllSessionsOf } from '../sessions/service';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../users/repo';
import { demoAccounts } from './demo-accounts';
import { announceUserUpdated, userRegisteredOf } from '../users/user-events';
import { announceCarrierProfile } from '../carrier-profile/announce';

interface SeedAccount {
  role: Role;
  name: string;
  email: string;
  password: string;
  company?: string;
  bank?: { reg: string; account: string };
}

/** Runs at every start: both parts are idempotent. */
export async function seed(context: IdentityContext): Promise<void> {
  const { config } = context;
  if (config.SEED_ADMIN_EMAIL && config.SEED_ADMIN_PASSWORD) {
    await seedAdmin(context, config.SEED_ADMIN_EMAIL, config.SEED_ADMIN_PASSWORD);
  }
  if (config.DEMO_SEED) {
    for (const account of demoAccounts) await createIfMissing(context, account);
  }
}

/** The configured admin exists afterwards, with that password, unblocked. */
export async function seedAdmin(context: IdentityContext, email: string, password: string): Promise<UserRow> {
  const existing = await findUserByEmail(context.db, email);
  if (!existing) {
    return createIfMissing(context, { role: 'admin', name: 'Administrator', email, password });
  }
  const passwordMatches = await verifyPassword(existing.password_hash, password);
  const upToDate = passwordMatches && existing.role === 'admin' && existing.is_approved && !existing.is_blocked;
  if (upToDate) return existing;
  const passwordHash = passwordMatches ? existing.password_hash : await hashPassword(password);
  const updated = await context.db.transaction(async (trx) => {
    const row = await updateUser(
      trx,
      existing.id,
      { role: 'admin', is_approved: true, is_blocked: false, password_hash: passwordHash },
      context.clock(),
    );
    // A password set by the operator ends the sessions opened with the old one.
    if (!passwordMatches) await closeAllSessionsOf(context, trx, existing.id, 'password_set_by_operator');
    return row ?? existing;
  });
  context.logger.info({ userId: updated.id, email }, 'seed admin updated');
  return updated;
}

async function createIfMissing(context: IdentityContext, account: SeedAccount): Promise<UserRow> {
  const existing = await findUserByEmail(context.db, account.email);
  if (existing) return existing;
  const passwordHash = await hashPassword(account.password);
  const created = await context.db.transaction(async (trx) => {
    const row = await insertUser(
      trx,
      {
        name: account.name,
        email: account.email,
        password_hash: passwordHash,
        role: account.role,
        company: account.company ?? null,
        ...(account.bank && { bank_reg: account.bank.reg, bank_account: account.bank.account }),
        is_approved: true,
        // Seeded by the operator: nobody will click a verification link for them.
        email_verified_at: context.clock(),
      },
      context.clock(),
    );
    if (!row) return undefined; // another instance seeded it at the same moment
    await context.outbox.add(
      trx,
      eventTypes.userRegistered,
      userRegisteredOf(row),
      { correlationId: randomUUID() },
    );
    await announceCarrierProfile(context, trx, row);
    // The registration says nothing of bank details; svc-ledger learns them from an update (as the Bank tab sends it).
    if (account.bank) await announceUserUpdated(context, trx, row);
    return row;
  });
  if (!created) return (await findUserByEmail(context.db, account.email)) as UserRow;
  context.logger.info({ userId: created.id, email: created.email, role: created.role }, 'seeded user created');
  return created;
}
