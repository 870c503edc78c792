import nodemailer from 'nodemailer';
import type { Knex } from 'knex';
import type { Logger } from '../logger';

export interface OutgoingMail {
  /** The mail outbox row's id; also the Message-ID, so a receiver can spot a repeat. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'dev' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; throws while the server is unreachable or refuses, so the mail stays queued. */
export function createSmtpTransport({ url, from }: { url: string; from: string }): MailTransport {
  const timeouts = 'connectionTimeout=10000&greetingTimeout=10000&socketTimeout=30000';
  const transporter = nodemailer.createTransport(`${url}${url.includes('?') ? '&' : '?'}${timeouts}`);
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'fragtbud.dk';
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@${domain}>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

/** The development mailbox: the mail is kept in the service's dev_mailbox table and logged, nothing leaves. */
export function createDevTransport({ db, logger }: { db: Knex; logger: Logger }): MailTransport {
  return {
    kind: 'dev',
    async send(mail) {
      await db('dev_mailbox')
        .insert({
          mail_id: mail.id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: JSON.stringify(mail.headers) } : {}),
          created_at: new Date(),
        })
        .onConflict('mail_id')
        .ignore();
      logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the development mailbox');
    },
    close() {
      // Nothing to release: the mailbox is the service's own database.
    },
  };
}

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The development mailbox, newest first; only mails to `to` when given. */
export async function readDevMailbox(db: Knex, { to, limit = 50 }: { to?: string; limit?: number } = {}): Promise<DevMail[]> {
  const rows = (await db('dev_mailbox')
    .modify((query) => {
      if (to) query.where({ to: to.trim().toLowerCase() });
    })
    .orderBy('id', 'desc')
    .limit(limit)
    .select('to', 'subject', 'text', 'html', 'created_at')) as Array<Omit<DevMail, 'created_at'> & { created_at: Date }>;
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
