import { mailTemplates } from '@fragtbud/platform';
import type { IdentityContext } from '../context';

const reminderDays = 30;
const daDate = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Mails each carrier whose insurance expires within 30 days, once per record (the mark and the mail are written in
 * one transaction). Returns how many were mailed.
 */
export async function remindExpiringInsurance(context: IdentityContext): Promise<number> {
  const now = context.clock();
  const today = now.toISOString().slice(0, 10);
  const horizon = new Date(now.getTime() + reminderDays * 24 * 60 * 60_000).toISOString().slice(0, 10);
  return context.db.transaction(async (trx) => {
    const due = (await trx('insurance_records')
      .join('users', 'users.id', 'insurance_records.user_id')
      .whereNull('insurance_records.expiry_reminded_at')
      .andWhere('insurance_records.expires_at', '>=', today)
      .andWhere('insurance_records.expires_at', '<=', horizon)
      .andWhere('users.is_blocked', false)
      .forUpdate()
      .skipLocked()
      .select(
        'insurance_records.id',
        trx.raw(`to_char(insurance_records.expires_at, 'YYYY-MM-DD') as expires_on`),
        'users.email',
        'users.name',
      )) as Array<{ id: number; expires_on: string; email: string; name: string }>;
    for (const record of due) {
      await trx('insurance_records').where({ id: record.id }).update({ expiry_reminded_at: now });
      await context.mailer.queue(
        trx,
        mailTemplates.insuranceExpiring(record.email, {
          name: record.name,
          expiresOn: daDate.format(new Date(`${record.expires_on}T00:00:00Z`)),
          link: `${context.config.PUBLIC_ORIGIN}/profile?tab=insurance`,
        }),
      );
    }
    return due.length;
  });
}

/** Looks for expiring insurance at start and then every hour until stopped. */
export function startInsuranceReminders(context: IdentityContext): { stop(): void } {
  const run = () =>
    remindExpiringInsurance(context).catch((error: unknown) => context.logger.warn({ err: error }, 'insurance reminders failed'));
  void run();
  const timer = setInterval(run, 60 * 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
