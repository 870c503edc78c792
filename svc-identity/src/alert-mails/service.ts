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

/** 07:00 Danish time on the Danish calendar day of `now`, as an instant (summer and winter time alike). */
export function digestCutoff(now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: danishTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const wallClockAsUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offsetMs = wallClockAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), alertDigestHour) - offsetMs);
}

/**
 * The daily overview: once it is 07:00 or later in Denmark, every carrier with tasks kept before today's 07:00 gets
 * one mail listing them; what came after waits for tomorrow. The rows are marked in the transaction that queues the
 * mail, so a second run (another replica, a restart) sends nothing twice. Returns how many mails were queued.
 */
export async function sendAlertDigests(context: IdentityContext): Promise<number> {
  const now = context.clock();
  const cutoff = digestCutoff(now);
  if (now < cutoff) return 0;
  return context.db.transaction(async (trx) => {
    const items = (await trx('alert_digest_items')
      .whereNull('sent_at')
      .andWhere('created_at', '<', cutoff)
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .select('id', 'carrier_id', 'task_id', 'title')) as Array<{ id: number; carrier_id: number; task_id: number; title: string }>;
    const byCarrier = new Map<number, typeof items>();
    for (const item of items) byCarrier.set(item.carrier_id, [...(byCarrier.get(item.carrier_id) ?? []), item]);
    let mailed = 0;
    for (const [carrierId, carrierItems] of byCarrier) {
      const carrier = await findUserById(trx, carrierId);
      if (mailable(carrier)) {
        await context.mailer.queue(
          trx,
          mailTemplates.taskAlertDigest(carrier.email, {
            name: carrier.name,
            tasks: carrierItems.map((item) => ({ task: item.title, link: `${context.config.PUBLIC_ORIGIN}/task/${item.task_id}` })),
            link: `${context.config.PUBLIC_ORIGIN}/tasks?available=true`,
            unsubscribe: unsubscribeLink(context, `carrier:${carrierId}`),
          }),
        );
        mailed += 1;
      }
      await trx('alert_digest_items').whereIn('id', carrierItems.map((item) => item.id)).update({ sent_at: now });
    }
    return mailed;
  });
}

/** Looks for due overviews at start and then every minute until stopped. */
export function startAlertDigests(context: IdentityContext): { stop(): void } {
  const run = () => sendAlertDigests(context).catch((error: unknown) => context.logger.warn({ err: error }, 'alert digests failed'));
  void run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
