import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eventTypes, guestLinkSealPurpose, messages, type AuthUser, type EventPayload, type GuestClaimResponse } from '@fragtbud/contracts';
import { domainError, sealSecret } from '@fragtbud/platform';
import type { Db, EventMeta, TasksContext } from '../context';
import { lockTaskById, type TaskRow } from '../tasks/repo';
import {
  deleteClaimOf,
  findAccessHash,
  hasVerifiedEmail,
  lockClaimsOf,
  lockPendingClaimsOf,
  saveAccessHash,
  savePendingClaim,
  saveVerifiedEmail,
  setOwner,
} from './repo';

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A guest's new task gets a follow-up link (guest follow-up, API.md): a random token, kept here only as its hash. The
 * token is returned once to the guest who posted (the confirmation page shows the link) and, with a contact e-mail, goes
 * once to svc-identity, which mails the link, sealed with the services' shared secret (the outbox and the stream never
 * hold it readable). Inside the task's transaction. A customer's task gets none (null).
 */
export async function issueGuestLink(trx: Db, context: Pick<TasksContext, 'outbox' | 'config'>, task: TaskRow, meta: EventMeta): Promise<string | null> {
  if (task.user_id !== null) return null;
  const token = randomBytes(32).toString('base64url');
  await saveAccessHash(trx, task.id, hashOf(token), new Date());
  if (!task.contact_email) return token;
  await context.outbox.add(
    trx,
    eventTypes.guestLinkIssued,
    {
      taskId: task.id,
      email: task.contact_email,
      sealedAccessToken: sealSecret(context.config.INTERNAL_TOKEN_SECRET, guestLinkSealPurpose, token),
    } satisfies EventPayload<typeof eventTypes.guestLinkIssued>,
    meta,
  );
  return token;
}

/**
 * What the follow-up link `token` does for the task (compared in constant time): `open` while the task is the guest's,
 * `claimed` once it belongs to an account (the link no longer shows it; the holder logs in), else `invalid`.
 */
export async function guestLinkState(db: Db, taskId: number, token: string | undefined): Promise<'open' | 'claimed' | 'invalid'> {
  if (!token) return 'invalid';
  const stored = await findAccessHash(db, taskId);
  if (!stored) return 'invalid';
  const given = Buffer.from(hashOf(token), 'hex');
  const expected = Buffer.from(stored.tokenHash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return stored.claimed ? 'claimed' : 'open';
}

/** Whether `token` opens the task: the right link of a task no account has claimed yet. */
export async function opensTask(db: Db, taskId: number, token: string | undefined): Promise<boolean> {
  return (await guestLinkState(db, taskId, token)) === 'open';
}

type EmailVerified = EventPayload<typeof eventTypes.userEmailVerified>;

/**
 * POST /tasks/{id}/claim — 'Knyt opgaven til min konto' (issue 24 item 5): a guest's task becomes an account's only by
 * the guest's own act. The caller must hold the task's link token, be signed in with a customer account whose e-mail is
 * the task's contact e-mail, and have that e-mail verified; then the task is theirs now. With the e-mail not verified
 * yet (just registered from the link), the claim waits and is carried out when it is. A task posted with someone's
 * e-mail never becomes theirs without this. Twice by the same account: the same answer.
 */
export async function claimGuestTask(
  context: Pick<TasksContext, 'db' | 'outbox' | 'logger'>,
  caller: AuthUser,
  taskId: number,
  access: string,
  meta: EventMeta,
): Promise<GuestClaimResponse> {
  if (caller.role !== 'customer') throw domainError('customers_only');
  const answer = await context.db.transaction(async (trx) => {
    const task = await lockTaskById(trx, taskId);
    if (!task) throw domainError('task_not_found');
    if (task.user_id === caller.id) return claimed(taskId);
    const link = await guestLinkState(trx, taskId, access);
    if (link === 'invalid') throw domainError('guest_link_invalid');
    if (link === 'claimed' || task.user_id !== null) throw domainError('guest_link_claimed');
    if (!task.contact_email || task.contact_email.toLowerCase() !== caller.email.toLowerCase()) {
      throw domainError('guest_claim_other_email');
    }
    await lockClaimsOf(trx, caller.id);
    const now = new Date();
    if (!(await hasVerifiedEmail(trx, caller.id, task.contact_email))) {
      await savePendingClaim(trx, taskId, caller.id, now);
      return { status: 'pending', taskId, message: messages.guestClaimPending } satisfies GuestClaimResponse;
    }
    await takeIntoAccount(trx, context, task, caller.id, now, meta);
    return claimed(taskId);
  });
  if (answer.status === 'claimed') context.logger.info({ userId: caller.id, taskId }, 'guest task claimed by its link');
  return answer;
}

const claimed = (taskId: number): GuestClaimResponse => ({ status: 'claimed', taskId, message: messages.guestClaimDone });

/** The task becomes the user's; tasks.task.updated (`user_id`) tells svc-bids, svc-chat and svc-payments. */
async function takeIntoAccount(
  trx: Db,
  context: Pick<TasksContext, 'outbox'>,
  task: Pick<TaskRow, 'id' | 'type' | 'status'>,
  userId: number,
  now: Date,
  meta: EventMeta,
): Promise<void> {
  await setOwner(trx, task.id, userId, now);
  await deleteClaimOf(trx, task.id);
  await context.outbox.add(
    trx,
    eventTypes.taskUpdated,
    {
      taskId: task.id,
      userId,
      type: task.type,
      status: task.status,
      changed: ['user_id', 'is_guest'],
      updatedBy: userId,
    } satisfies EventPayload<typeof eventTypes.taskUpdated>,
    meta,
  );
}

/**
 * A customer holds a verified e-mail: remembered (a later claim by the link is carried out at once), and the claims
 * this account made by the link before it was verified are carried out now. Tasks the account never claimed stay the
 * guest's, whatever their contact e-mail. A second time finds nothing left to do.
 */
export async function recordVerifiedEmail(trx: Db, context: Pick<TasksContext, 'outbox' | 'logger'>, data: EmailVerified, meta: EventMeta): Promise<number[]> {
  if (data.role !== 'customer') return [];
  await lockClaimsOf(trx, data.userId);
  const now = new Date();
  await saveVerifiedEmail(trx, data.userId, data.email, now);
  const tasks = await lockPendingClaimsOf(trx, data.userId, data.email);
  for (const task of tasks) await takeIntoAccount(trx, context, task, data.userId, now, meta);
  if (tasks.length > 0) context.logger.info({ userId: data.userId, taskIds: tasks.map((task) => task.id) }, 'guest tasks claimed by link, e-mail now verified');
  return tasks.map((task) => task.id);
}
