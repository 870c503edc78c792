import type { AuthUser } from '@fragtbud/contracts';
import { accountDeletionTexts, eventTypes } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { EventMeta, IdentityContext } from '../context';
import { listSavedAddresses, lockUserById, findUserById, updateUser } from '../users/repo';
import { closeAllSessionsOf } from '../sessions/service';
import { verifyPassword } from '../auth/passwords';
import { toUserJson } from '../users/user-json';
import { deletePersonalRowsOf, listBillingChangesOf, listInsuranceOf } from './repo';

/** What an anonymised account is called; the same words the other services' projections use. */
export const erasedUserName = 'Slettet bruger';

/** The address an erased account keeps: unique (the column is), never deliverable (.invalid, RFC 2606). */
export const erasedEmailOf = (userId: number) => `slettet-${userId}@slettet.invalid`;

const gone = () => domainError('unauthorized');

/** Everything svc-identity holds about the caller (GDPR art. 15/20), for the gateway's data export. */
export async function accountDataOf(context: IdentityContext, caller: AuthUser) {
  const row = await findUserById(context.db, caller.id);
  if (!row || row.erased_at) throw gone();
  return {
    profile: {
      ...toUserJson(row),
      bankInfo: row.bank_reg || row.bank_account ? { reg: row.bank_reg, account: row.bank_account } : null,
    },
    termsAcceptance: row.terms_accepted_at
      ? { termsVersion: row.terms_version, privacyVersion: row.privacy_version, acceptedAt: new Date(row.terms_accepted_at).toISOString() }
      : null,
    savedAddresses: (await listSavedAddresses(context.db, row.id)).map(({ id, name, address }) => ({ id, name, address })),
    billingChanges: await listBillingChangesOf(context.db, row.id),
    insurance: await listInsuranceOf(context.db, row.id),
  };
}

/** Told before anything else (an admin's request is refused whatever it carries). */
export function assertNotAdmin(caller: AuthUser): void {
  if (caller.role === 'admin') throw domainError('admin_self_delete');
}

/**
 * Whether the caller may delete their own account: never an admin (removed by another admin, DELETE /users/{id}, so
 * the platform never loses its last one by accident), and only with the account's own password, so a session left
 * open on a shared computer cannot delete it.
 */
export async function assertMayErase(context: IdentityContext, caller: AuthUser, currentPassword: string): Promise<void> {
  assertNotAdmin(caller);
  const row = await findUserById(context.db, caller.id);
  if (!row || row.erased_at) throw gone();
  if (!(await verifyPassword(row.password_hash, currentPassword))) {
    throw domainError('current_password_wrong', { variant: 'accountDeletion', details: [
      { path: 'currentPassword', message: accountDeletionTexts.passwordWrong },
    ] });
  }
}

/**
 * The caller deletes their own account. The row stays (tasks, ratings and the ledger point at its id, and
 * bookkeeping law keeps money records for five years) but nothing in it names the person any more: name, e-mail,
 * phone, address, CVR, bank details and secrets are overwritten, every session, token, saved address, billing
 * request and insurance record is deleted, and the account is blocked, so no password, code or OpenID Connect
 * login opens it again. `identity.user.deleted` tells the other services (names become 'Slettet bruger',
 * notifications and list placements go, open live streams end). Whether the caller may leave now (no task in
 * progress) is svc-tasks' answer, asked by the gateway first; the password is checked again here, at the write.
 */
export async function eraseOwnAccount(context: IdentityContext, caller: AuthUser, currentPassword: string, meta: EventMeta): Promise<void> {
  await assertMayErase(context, caller, currentPassword);
  await context.db.transaction(async (trx) => {
    const row = await lockUserById(trx, caller.id);
    if (!row || row.erased_at) throw gone();
    const now = context.clock();
    await closeAllSessionsOf(context, trx, row.id, 'deleted');
    await deletePersonalRowsOf(trx, row.id);
    await updateUser(
      trx,
      row.id,
      {
        name: erasedUserName,
        email: erasedEmailOf(row.id),
        // Not a hash any password can match: argon2 verification of it fails.
        password_hash: '!erased',
        phone: null,
        company: null,
        cvr_number: null,
        address: null,
        postal_code: null,
        city: null,
        country: null,
        bank_reg: null,
        bank_account: null,
        totp_secret_enc: null,
        totp_pending_secret_enc: null,
        totp_enabled_at: null,
        totp_last_step: null,
        is_blocked: true,
        erased_at: now,
      },
      now,
    );
    await context.outbox.add(trx, eventTypes.userDeleted, { userId: row.id, deletedBy: row.id }, meta);
  });
  context.logger.info({ userId: caller.id }, 'user deleted their account (anonymised, login blocked)');
}
