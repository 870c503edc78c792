import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../migrate';
import { createTestInfra, waitFor, type TestInfra } from '../testing';
import { mailHeadersMigration, mailMigration } from './mail-migration';
import { createMailer } from './mailer';
import { mailTemplates } from './templates';
import { readDevMailbox } from './transport';

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP sink that can be switched off (connections refused) and on again on the same port. */
async function startSmtpSink(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const baseConfig = {
  NODE_ENV: 'test' as const,
  MAIL_FROM: 'Fragtbud <no-reply@fragtbud.dk>',
  PUBLIC_ORIGIN: 'http://localhost:8080',
};

describe('mailer', () => {
  let infra: TestInfra;

  beforeAll(async () => {
    infra = await createTestInfra('mailer');
    await migrate(infra.database, [mailMigration, mailHeadersMigration]);
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('when SMTP is down at commit time, then the mail is sent once after it comes back, and never twice', async () => {
    const sink = await startSmtpSink();
    const port = sink.port;
    await sink.close(); // the server is down when the mail is queued
    const mailer = createMailer({
      db: infra.database.knex,
      config: { ...baseConfig, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` },
      logger: infra.logger,
      retry: { baseMs: 100, maxMs: 200 },
      pollIntervalMs: 100,
    });
    mailer.start();
    const mail = mailTemplates.resetPassword('Kunde@Example.dk', { name: 'Kunde', link: 'http://localhost:8080/reset-password?token=abc' });
    const id = await infra.database.knex.transaction((trx) => mailer.queue(trx, mail));

    await waitFor(async () => {
      const row = await infra.database.knex('mail_outbox').where({ id }).first();
      return row.attempts >= 2 || undefined;
    });
    const failing = await infra.database.knex('mail_outbox').where({ id }).first();
    expect(failing.sent_at).toBeNull();
    expect(failing.last_error).toBeTruthy();

    const again = await startSmtpSink(port);
    try {
      await waitFor(() => again.received.length === 1 || undefined);
      const sent = await waitFor(async () => {
        const row = await infra.database.knex('mail_outbox').where({ id }).first();
        return row.sent_at ? row : undefined;
      });
      // The token-bearing body is not kept once delivered.
      expect(sent.text).toBeNull();
      expect(sent.html).toBeNull();
      // Never twice, without sleeping: mails go out in queue order, so once a mail queued later has arrived, a second
      // copy of the first would have arrived before it.
      await mailer.queue(infra.database.knex, mailTemplates.loginCode('senere@example.dk', { code: '111111' }));
      await waitFor(() => again.received.length >= 2 || undefined);
      expect(again.received.map((mail) => mail.to)).toEqual([['kunde@example.dk'], ['senere@example.dk']]);
      expect(again.received[0]?.to).toEqual(['kunde@example.dk']);
      expect(again.received[0]?.raw).toContain(`Message-ID: <${id}@fragtbud.dk>`);
      expect(again.received[0]?.raw).toMatch(/Subject: Nulstil din adgangskode/);
    } finally {
      await mailer.stop();
      await again.close();
    }
  });

  it('when a mail has extra headers, then they go out with it over SMTP (List-Unsubscribe)', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({
      db: infra.database.knex,
      config: { ...baseConfig, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
      logger: infra.logger,
    });
    try {
      const mail = mailTemplates.loginCode('liste@example.dk', { code: '654321' });
      await mailer.queue(infra.database.knex, {
        ...mail,
        headers: { 'List-Unsubscribe': '<http://localhost:8080/api/alerts/unsubscribe?s=alert:1&t=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      expect(await mailer.deliverDue()).toBe(1);
      const unfolded = sink.received[0]?.raw.replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toContain('List-Unsubscribe: <http://localhost:8080/api/alerts/unsubscribe?s=alert:1&t=x>');
      expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      await mailer.stop();
      await sink.close();
    }
  });

  it('when the transaction that queued a mail rolls back, then nothing is sent', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({
      db: infra.database.knex,
      config: { ...baseConfig, MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
      logger: infra.logger,
    });
    try {
      await expect(
        infra.database.knex.transaction(async (trx) => {
          await mailer.queue(trx, mailTemplates.loginCode('rulles@example.dk', { code: '123456' }));
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await mailer.deliverDue()).toBe(0);
      expect(sink.received).toHaveLength(0);
    } finally {
      await mailer.stop();
      await sink.close();
    }
  });

  it('when two senders deliver the same queue at once, then each mail goes out once', async () => {
    const sink = await startSmtpSink();
    const config = { ...baseConfig, MAIL_TRANSPORT: 'smtp' as const, SMTP_URL: `smtp://127.0.0.1:${sink.port}` };
    const first = createMailer({ db: infra.database.knex, config, logger: infra.logger });
    const second = createMailer({ db: infra.database.knex, config, logger: infra.logger });
    try {
      for (let i = 0; i < 4; i += 1) {
        await first.queue(infra.database.knex, mailTemplates.loginCode(`par${i}@example.dk`, { code: `00000${i}` }));
      }
      const counts = await Promise.all([first.deliverDue(), second.deliverDue()]);
      expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(4);
      await waitFor(() => sink.received.length >= 4 || undefined);
      const recipients = sink.received.map((mail) => mail.to[0]).filter((to) => to?.startsWith('par'));
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(recipients).toHaveLength(4);
    } finally {
      await first.stop();
      await second.stop();
      await sink.close();
    }
  });

  it('when the dev transport is used, then the mail lands in the development mailbox, newest first', async () => {
    const mailer = createMailer({
      db: infra.database.knex,
      config: { ...baseConfig, MAIL_TRANSPORT: 'dev' },
      logger: infra.logger,
    });
    await mailer.queue(infra.database.knex, mailTemplates.verifyEmail('dev@example.dk', { name: 'Åse <b>', link: 'http://x/verify-email?token=1&a=2' }));
    await mailer.queue(infra.database.knex, mailTemplates.loginCode('dev@example.dk', { code: '654321' }));
    expect(await mailer.deliverDue()).toBeGreaterThanOrEqual(2);
    const box = await readDevMailbox(infra.database.knex, { to: 'DEV@example.dk' });
    expect(box.map((mail) => mail.subject)).toEqual(['Din loginkode: 654321', 'Bekræft din e-mail hos Fragtbud']);
    expect(box[1]?.text).toContain('Hej Åse <b>,');
    expect(box[1]?.html).toContain('Hej Åse &#60;b&#62;,');
    expect(box[1]?.html).toContain('href="http://x/verify-email?token=1&#38;a=2"');
    await mailer.stop();
  });
});
