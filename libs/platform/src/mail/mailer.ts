import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { retryDelay, type RetryPolicy } from '../retry-policy';
import type { MailConfig } from './mail-config';
import { createDevTransport, createSmtpTransport, type MailTransport } from './transport';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template made it (logs, tests). */
  template: string;
  /** Extra headers (List-Unsubscribe …); needs the service's `mailHeadersMigration`. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly transport: MailTransport;
  /**
   * Queues a mail in the same transaction as the change that causes it; it goes out after the commit and is
   * never lost: while the transport fails it is retried with back-off.
   */
  queue(db: Knex | Knex.Transaction, mail: Mail): Promise<string>;
  start(): void;
  stop(): Promise<void>;
  nudge(): void;
  /** Sends what is due now, one mail after another; stops at the first failure. Returns how many went out. */
  deliverDue(): Promise<number>;
}

export interface MailerOptions {
  db: Knex;
  config: MailConfig;
  logger: Logger;
  /** Given: used instead of the one the config names (tests). */
  transport?: MailTransport;
  retry?: RetryPolicy;
  pollIntervalMs?: number;
  /** How long a claimed mail is left to its sender before another attempt may take it. */
  claimMs?: number;
}

interface MailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  attempts: number;
  headers: Record<string, string> | string | null;
}

export function createMailer({
  db,
  config,
  logger,
  transport,
  retry = { baseMs: 1_000, maxMs: 5 * 60_000 },
  pollIntervalMs = 1_000,
  claimMs = 5 * 60_000,
}: MailerOptions): Mailer {
  const log = logger.child({ component: 'mailer' });
  const chosen =
    transport ??
    (config.MAIL_TRANSPORT === 'smtp'
      ? createSmtpTransport({ url: config.SMTP_URL as string, from: config.MAIL_FROM })
      : createDevTransport({ db, logger: log }));
  let stopped = true;
  let running: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let nudged = false;

  /** Takes the oldest due mail for this process (skip locked: two senders never take the same one). */
  async function claim(): Promise<MailRow | undefined> {
    const now = new Date();
    const rows = (await db('mail_outbox')
      .whereIn(
        'id',
        db('mail_outbox')
          .select('id')
          .whereNull('sent_at')
          .andWhere('next_attempt_at', '<=', now)
          .orderBy('seq')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .update({ next_attempt_at: new Date(now.getTime() + claimMs), attempts: db.raw('attempts + 1') })
      .returning(['id', 'to', 'subject', 'text', 'html', 'template', 'attempts', 'headers'])) as MailRow[];
    const row = rows[0];
    if (!row) return undefined;
    const headers = typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
    return { ...row, headers };
  }

  async function deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mail = await claim();
      if (!mail) return sent;
      try {
        const { headers, ...outgoing } = mail;
        await chosen.send(headers ? { ...outgoing, headers: headers as Record<string, string> } : outgoing);
      } catch (error) {
        const delayMs = retryDelay(mail.attempts, retry);
        await db('mail_outbox')
          .where({ id: mail.id })
          .update({ next_attempt_at: new Date(Date.now() + delayMs), last_error: String(error).slice(0, 500) });
        log.warn({ err: error, mailId: mail.id, attempt: mail.attempts, delayMs }, 'sending mail failed; will retry');
        return sent;
      }
      await db('mail_outbox').where({ id: mail.id }).update({ sent_at: new Date(), text: null, html: null, last_error: null });
      log.info({ mailId: mail.id, template: mail.template, transport: chosen.kind }, 'mail sent');
      sent += 1;
    }
  }

  async function nextDueInMs(): Promise<number> {
    const row = (await db('mail_outbox').whereNull('sent_at').min({ due: 'next_attempt_at' }).first()) as
      | { due: Date | null }
      | undefined;
    if (!row?.due) return pollIntervalMs;
    return Math.max(0, Math.min(pollIntervalMs, new Date(row.due).getTime() - Date.now()));
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (!stopped) {
      nudged = false;
      try {
        await deliverDue();
        if (nudged) continue;
        await sleep(await nextDueInMs());
      } catch (error) {
        log.warn({ err: error }, 'mail outbox unreadable; retrying');
        await sleep(pollIntervalMs);
      }
    }
  }

  function nudge() {
    nudged = true;
    wake?.();
  }

  return {
    transport: chosen,
    async queue(target, mail) {
      const id = randomUUID();
      const now = new Date();
      await target('mail_outbox').insert({
        id,
        to: mail.to.trim().toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template,
        ...(mail.headers ? { headers: JSON.stringify(mail.headers) } : {}),
        created_at: now,
        next_attempt_at: now,
      });
      const transaction = target as Knex.Transaction;
      if (transaction.isTransaction) void transaction.executionPromise.then(nudge, () => undefined);
      else nudge();
      return id;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      running = run().finally(() => {
        running = undefined;
      });
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
      chosen.close();
    },
    nudge,
    deliverDue,
  };
}
