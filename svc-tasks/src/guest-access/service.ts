import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eventTypes, guestLinkSealPurpose, type EventPayload } from '@fragtbud/contracts';
import { sealSecret } from '@fragtbud/platform';
import type { Db, EventMeta, TasksContext } from '../context';
import type { TaskRow } from '../tasks/repo';
import { findAccessHash, lockUnclaimedTasksOf, saveAccessHash, setOwner } from './repo';

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
 * A customer holds a verified e-mail: every guest task with that contact e-mail and no owner becomes theirs, and each
 * change goes out as tasks.task.updated (`user_id`), so svc-bids, svc-chat and svc-payments treat them as the owner.
 * A second time finds nothing left to claim. An unverified e-mail never gets here (svc-identity sends only verified ones).
 */
export async function claimGuestTasks(trx: Db, context: Pick<TasksContext, 'outbox' | 'logger'>, data: EmailVerified, meta: EventMeta): Promise<number[]> {
  if (data.role !== 'customer') return [];
  const tasks = await lockUnclaimedTasksOf(trx, data.email);
  const now = new Date();
  for (const task of tasks) {
    await setOwner(trx, task.id, data.userId, now);
    await context.outbox.add(
      trx,
      eventTypes.taskUpdated,
      {
        taskId: task.id,
        userId: data.userId,
        type: task.type,
        status: task.status,
        changed: ['user_id', 'is_guest'],
        updatedBy: data.userId,
      } satisfies EventPayload<typeof eventTypes.taskUpdated>,
      meta,
    );
  }
  if (tasks.length > 0) context.logger.info({ userId: data.userId, taskIds: tasks.map((task) => task.id) }, 'guest tasks attached to their account');
  return tasks.map((task) => task.id);
}
