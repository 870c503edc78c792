import { alertUnsubscribePath, alertUnsubscribePurpose, taskNotificationTitle, type EventEnvelope, type EventPayload, type eventTypes } from '@fragtbud/contracts';
import { mailTemplates, signLinkValue } from '@fragtbud/platform';
import type { Knex } from 'knex';
import type { IdentityContext } from '../context';
import { findUserById, type UserRow } from '../users/repo';

type AlertMatched = EventPayload<typeof eventTypes.alertMatched>;

/** The hour (Danish time) the daily overview goes out. */
export const alertDigestHour = 7;
const danishTimeZone = 'Europe/Copenhagen';

/** Only an approved, unblocked carrier is mailed about loads. */
const mailable = (user: UserRow | undefined): user is UserRow => user !== undefined && user.role === 'carrier' && user.is_approved && !user.is_blocked;

function unsubscribeLink(context: IdentityContext, scope: string): string {
  const signature = signLinkValue(context.config.INTERNAL_TOKEN_SECRET, alertUnsubscribePurpose, scope);
  return `${context.config.PUBLIC_ORIGIN}${alertUnsubscribePath(scope, signature)}`;
}

/**
 * tasks.alert.matched: `instant` → one mail about the task now; `daily` → kept for the 07:00 overview; `off` → none.
 * svc-tasks tells a carrier once per task; the inbox and the (carrier, task) key keep a redelivery from adding more.
 */
export async function mailAlertMatch(context: IdentityContext, event: EventEnvelope<AlertMatched>, trx: Knex.Transaction): Promise<void> {
  const { carrierId, taskId, alertId, alertName, email, type, fromCity, toCity } = event.data;
  if (email === 'off') return;
  const task = taskNotificationTitle(taskId, { type, fromCity, toCity });
  if (email === 'daily') {
    await trx('alert_digest_items').insert({ carrier_id: carrierId, task_id: taskId, title: task, created_at: context.clock() }).onConflict(['carrier_id', 'task_id']).ignore();
    return;
  }
  const carrier = await findUserById(trx, carrierId);
  if (!mailable(carrier)) return;
  await context.mailer.queue(
    trx,
    mailTemplates.taskAlert(carrier.email, {
      name: carrier.name,
      alertName,
      task,
      link: `${context.config.PUBLIC_ORIGIN}/task/${taskId}`,
      unsubscribe: unsubscribeLink(context, `alert:${alertId}`),
    }),
  );
}

const danishParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: danishTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Danish wall clock at `instant`, as numbers. */
function danishWallClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(danishParts.formatToParts(instant).map((part) => [part.type, part.value])) as Record<string, string>;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** How far Danish time is ahead of UTC at `instant` (1 h in winter, 2 h in summer), in ms. */
function danishOffsetMs(instant: Date): number {
  const wall = danishWallClock(instant);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * 07:00 Danish time on a Danish calendar date. The offset is the one in force at 07:00 itself, not at the moment
 * asked (on 29 March and 25 October the clock moves between midnight and 07:00).
 */
function digestTimeOn(year: number, month: number, day: number): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, alertDigestHour);
  const guess = new Date(wallAsUtc - danishOffsetMs(new Date(wallAsUtc)));
  return new Date(wallAsUtc - danishOffsetMs(guess));
}

/** The Danish calendar date of `now`, as yyyy-mm-dd. */
export function danishDate(now: Date): string {
  const { year, month, day } = danishWallClock(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 07:00 Danish time on the Danish calendar day of `now`, as an instant (summer and winter time alike). */
export function digestCutoff(now: Date): Date {
  const { year, month, day } = danishWallClock(now);
  return digestTimeOn(year, month, day);
}

/** When the overview next goes out: today's 07:00 Danish time if it is still to come, else tomorrow's. */
export function nextDigestAt(now: Date): Date {
  const today = digestCutoff(now);
  if (now < today) return today;
  const { year, month, day } = danishWallClock(now);
  // Date.UTC rolls 32 January into 1 February; only the calendar date is taken from it.
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  return digestTimeOn(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate());
}

interface DigestItem {
  id: number;
  task_id: number;
  title: string;
}

/**
 * The daily overview: once it is 07:00 or later in Denmark, every carrier with tasks kept before today's 07:00 gets
 * one mail listing them; what came after waits for tomorrow. Each carrier's overview is claimed by a row in
 * `alert_digests_sent` (carrier, Danish date) inserted in the transaction that queues the mail and marks the items,
 * so a second run that day — the timer firing twice, a restart, another replica at the same moment — finds the
 * claim taken (or waits for it on the key, then finds it) and sends nothing. Returns how many mails were queued.
 */
export async function sendAlertDigests(context: IdentityContext): Promise<number> {
  const now = context.clock();
  const cutoff = digestCutoff(now);
  if (now < cutoff) return 0;
  const digestDate = danishDate(now);
  const carriers = (await context.db('alert_digest_items')
    .whereNull('sent_at')
    .andWhere('created_at', '<', cutoff)
    .distinct('carrier_id')
    .orderBy('carrier_id')) as Array<{ carrier_id: number }>;
  let mailed = 0;
  for (const { carrier_id: carrierId } of carriers) {
    const sent = await context.db.transaction(async (trx) => {
      const claimed = await trx('alert_digests_sent')
        .insert({ carrier_id: carrierId, digest_date: digestDate, tasks: 0, sent_at: now })
        .onConflict(['carrier_id', 'digest_date'])
        .ignore()
        .returning('carrier_id');
      if (claimed.length === 0) return false;
      const items = (await trx('alert_digest_items')
        .where({ carrier_id: carrierId })
        .whereNull('sent_at')
        .andWhere('created_at', '<', cutoff)
        .orderBy('id')
        .select('id', 'task_id', 'title')) as DigestItem[];
      if (items.length === 0) {
        await trx('alert_digests_sent').where({ carrier_id: carrierId, digest_date: digestDate }).delete();
        return false;
      }
      await trx('alert_digests_sent').where({ carrier_id: carrierId, digest_date: digestDate }).update({ tasks: items.length });
      await trx('alert_digest_items').whereIn('id', items.map((item) => item.id)).update({ sent_at: now });
      const carrier = await findUserById(trx, carrierId);
      if (!mailable(carrier)) return false;
      await context.mailer.queue(
        trx,
        mailTemplates.taskAlertDigest(carrier.email, {
          name: carrier.name,
          tasks: items.map((item) => ({ task: item.title, link: `${context.config.PUBLIC_ORIGIN}/task/${item.task_id}` })),
          link: `${context.config.PUBLIC_ORIGIN}/tasks?available=true`,
          unsubscribe: unsubscribeLink(context, `carrier:${carrierId}`),
        }),
      );
      return true;
    });
    if (sent) mailed += 1;
  }
  return mailed;
}

/** The timer functions the schedule uses (tests pass vitest's fake ones through the globals). */
export interface DigestTimers {
  setTimeout(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(timer: ReturnType<typeof setTimeout>): void;
}

/**
 * Looks for due overviews at start (a replica started after 07:00 catches up) and then at every 07:00 Danish time,
 * one timer at a time, each set from the service clock to the next 07:00 (23 or 25 hours apart across the clock
 * changes). A run that finds nothing due sends nothing; a second run the same day finds the claims taken.
 */
export function startAlertDigests(
  context: Pick<IdentityContext, 'clock' | 'logger'> & Partial<IdentityContext>,
  send: () => Promise<number> = () => sendAlertDigests(context as IdentityContext),
  timers: DigestTimers = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (timer) => clearTimeout(timer) },
): { stop(): void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => send().catch((error: unknown) => context.logger.warn({ err: error }, 'alert digests failed'));
  const schedule = () => {
    if (stopped) return;
    const now = context.clock();
    timer = timers.setTimeout(() => {
      void run().finally(schedule);
    }, Math.max(0, nextDigestAt(now).getTime() - now.getTime()));
    (timer as { unref?: () => void }).unref?.();
  };
  void run().finally(schedule);
  return {
    stop: () => {
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
    },
  };
}
