/**
 * Load alerts' e-mail (issue 29): tasks.alert.matched → an instant mail with a one-click unsubscribe link and
 * List-Unsubscribe header, or the 07:00 (Danish time) daily overview; nothing for blocked or unapproved carriers.
 */
import { alertUnsubscribePurpose, eventTypes, type EventPayload } from '@fragtbud/contracts';
import { createDatabase, createMailer, testEnvelope, verifyLinkValue, waitFor, type Database } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, registerUser, startIdentity, waitForMail, type StartedIdentity } from '../test-harness';
import type { IdentityContext } from '../context';
import { danishDate, digestCutoff, nextDigestAt, sendAlertDigests } from './service';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.close();
});

let nextTaskId = 9_000;
const matched = (carrierId: number, email: 'instant' | 'daily' | 'off', extra: Partial<EventPayload<typeof eventTypes.alertMatched>> = {}) =>
  testEnvelope(eventTypes.alertMatched, {
    taskId: (nextTaskId += 1),
    userId: 1,
    carrierId,
    alertId: 31,
    alertName: 'Aarhus-ture',
    email,
    type: 'moving',
    fromCity: 'Aarhus C',
    toCity: 'København K',
    ...extra,
  } satisfies EventPayload<typeof eventTypes.alertMatched>);

/** The mails about load alerts to an address (registration sends others). */
const alertMailsTo = async (email: string) => (await mailsTo(identity, email)).filter((item) => /jobalarm/.test(item.subject));

async function approvedCarrier() {
  const carrier = await registerUser(identity, { role: 'carrier' });
  await identity.db('users').where({ id: carrier.user.id }).update({ is_approved: true });
  return carrier.user;
}

describe('digestCutoff', () => {
  it('when asked on a Danish day, then it is 07:00 Danish time that day, in summer and winter time', () => {
    expect(digestCutoff(new Date('2026-07-01T10:00:00Z')).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(digestCutoff(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    // 23:30 UTC on 14 January is already 15 January in Denmark.
    expect(digestCutoff(new Date('2026-01-14T23:30:00Z')).toISOString()).toBe('2026-01-15T06:00:00.000Z');
  });
});

describe('instant alert mails', () => {
  it('when a task matches an instant alert, then the carrier gets one mail with the task, its link and a signed unsubscribe link and header; a redelivery sends none', async () => {
    const carrier = await approvedCarrier();
    const event = matched(carrier.id, 'instant');
    await identity.infra.bus.publish(event);
    const mail = await waitForMail(identity, carrier.email, /Ny opgave til din jobalarm/);
    expect(mail.subject).toBe('Ny opgave til din jobalarm: Flytning · Aarhus C → København K');
    expect(mail.text).toContain(`http://localhost:8080/task/${event.data.taskId}`);
    expect(mail.text).toContain('»Aarhus-ture«');
    const link = /http:\/\/localhost:8080\/api\/alerts\/unsubscribe\?s=([^&\s]+)&t=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![1]!)).toBe('alert:31');
    expect(verifyLinkValue(identity.config.INTERNAL_TOKEN_SECRET, alertUnsubscribePurpose, 'alert:31', link![2]!)).toBe(true);
    const stored = await identity.db('dev_mailbox').where({ to: carrier.email, subject: mail.subject }).first();
    const headers = typeof stored.headers === 'string' ? JSON.parse(stored.headers) : stored.headers;
    expect(headers).toEqual({ 'List-Unsubscribe': `<${link![0]}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // The same event again, then another task: once the second is mailed, the first was handled (one durable, in order).
    await identity.infra.bus.publish(event);
    await identity.infra.bus.publish(matched(carrier.id, 'instant', { fromCity: 'Vejle', toCity: 'Odense C' }));
    await waitForMail(identity, carrier.email, /Vejle → Odense C/);
    expect((await mailsTo(identity, carrier.email)).filter((item) => item.subject.includes('Aarhus C'))).toHaveLength(1);
  });

  it('when the carrier is blocked or not approved, or the alert mails nothing, then no mail', async () => {
    const blocked = await approvedCarrier();
    await identity.db('users').where({ id: blocked.id }).update({ is_blocked: true });
    const pending = await registerUser(identity, { role: 'carrier' });
    const quiet = await approvedCarrier();
    await identity.infra.bus.publish(matched(blocked.id, 'instant'));
    await identity.infra.bus.publish(matched(pending.user.id, 'instant'));
    await identity.infra.bus.publish(matched(quiet.id, 'off'));
    await identity.infra.bus.publish(matched(quiet.id, 'instant', { fromCity: 'Herning' }));
    await waitForMail(identity, quiet.email, /Herning/);
    expect(await alertMailsTo(blocked.email)).toEqual([]);
    expect(await alertMailsTo(pending.user.email)).toEqual([]);
    expect((await alertMailsTo(quiet.email)).map((item) => item.subject)).toEqual(['Ny opgave til din jobalarm: Flytning · Herning → København K']);
  });
});

describe('daily overview', () => {
  it('when tasks match a daily alert, then no mail comes at once; from 07:00 Danish time one overview lists them, and a second run sends nothing', async () => {
    const carrier = await approvedCarrier();
    const first = matched(carrier.id, 'daily', { fromCity: 'Silkeborg' });
    const second = matched(carrier.id, 'daily', { type: 'courier', fromCity: 'Viborg', toCity: 'Skive' });
    for (const event of [first, second, first]) await identity.infra.bus.publish(event);
    await waitFor(async () => (await identity.db('alert_digest_items').where({ carrier_id: carrier.id })).length === 2 || undefined);
    expect(await alertMailsTo(carrier.email)).toHaveLength(0);

    // The next Danish morning at 07:01: the service (re)starting looks for due overviews at once, as its timer does.
    const nextCutoff = new Date(digestCutoff(new Date(identity.clock.now().getTime() + 24 * 3600_000)).getTime() + 60_000);
    identity.clock.advance(nextCutoff.getTime() - identity.clock.now().getTime());
    identity = await identity.restart();
    const digest = await waitForMail(identity, carrier.email, /til dine jobalarmer/);
    expect(digest.subject).toBe('2 nye opgaver til dine jobalarmer');
    expect(digest.text).toContain(`Flytning · Silkeborg → København K: http://localhost:8080/task/${first.data.taskId}`);
    expect(digest.text).toContain(`Kurertransport · Viborg → Skive: http://localhost:8080/task/${second.data.taskId}`);
    expect(digest.text).toMatch(/api\/alerts\/unsubscribe\?s=carrier%3A\d+&t=/);

    identity = await identity.restart();
    await waitFor(async () => (await identity.db('alert_digest_items').where({ carrier_id: carrier.id }).whereNull('sent_at')).length === 0 || undefined);
    expect(await alertMailsTo(carrier.email)).toHaveLength(1);
  });
});

describe('daily overview, exactly once', () => {
  /** What another replica of svc-identity would run with: its own pool on PostgreSQL (PGlite has one connection). */
  let replica: Database | undefined;
  afterAll(async () => {
    await replica?.close();
  });

  function contextOn(db: IdentityContext['db']): IdentityContext {
    const { config, infra } = identity;
    return { db, config, clock: identity.clock.now, logger: infra.logger, mailer: createMailer({ db, config, logger: infra.logger }) } as unknown as IdentityContext;
  }

  it('when the overview runs three times at once (the timer twice, another replica) and again later, then each carrier gets one overview with the tasks kept before 07:00', async () => {
    const first = await approvedCarrier();
    const second = await approvedCarrier();
    const blocked = await approvedCarrier();
    await identity.db('users').where({ id: blocked.id }).update({ is_blocked: true });
    const due = nextDigestAt(identity.clock.now());
    const before = new Date(due.getTime() - 3600_000);
    const after = new Date(due.getTime() + 30_000);
    const item = (carrierId: number, taskId: number, title: string, createdAt: Date) => ({ carrier_id: carrierId, task_id: taskId, title, created_at: createdAt });
    await identity.db('alert_digest_items').insert([
      item(first.id, 71_001, 'Flytning · Aarhus C → Odense C', before),
      item(first.id, 71_002, 'Palle og pakker · Vejle → Kolding', before),
      item(first.id, 71_003, 'Fulloads · Esbjerg → Herning', after),
      item(second.id, 71_004, 'Kurertransport · Roskilde → Køge', before),
      item(blocked.id, 71_005, 'Møbeltransport · Horsens → Skive', before),
    ]);

    // Before 07:00 nothing is due.
    identity.clock.advance(due.getTime() - 60_000 - identity.clock.now().getTime());
    expect(await sendAlertDigests(contextOn(identity.db))).toBe(0);

    identity.clock.advance(2 * 60_000);
    replica = identity.infra.kind.startsWith('pg+')
      ? await createDatabase({ url: process.env.TEST_DATABASE_URL!, schema: identity.infra.database.schema, logger: identity.infra.logger })
      : undefined;
    const runs = await Promise.all([sendAlertDigests(contextOn(identity.db)), sendAlertDigests(contextOn(identity.db)), sendAlertDigests(contextOn(replica?.knex ?? identity.db))]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await sendAlertDigests(contextOn(identity.db))).toBe(0);

    const digest = await waitForMail(identity, first.email, /til dine jobalarmer/);
    expect(digest.subject).toBe('2 nye opgaver til dine jobalarmer');
    expect(digest.text).toContain('Flytning · Aarhus C → Odense C: http://localhost:8080/task/71001');
    expect(digest.text).toContain('Palle og pakker · Vejle → Kolding: http://localhost:8080/task/71002');
    expect(digest.text).not.toContain('Esbjerg');
    expect((await waitForMail(identity, second.email, /til dine jobalarmer/)).subject).toBe('1 ny opgave til dine jobalarmer');
    const queued = async (email: string) => (await identity.db('mail_outbox').where({ to: email }).where('subject', 'like', '%jobalarmer%')).length;
    expect(await queued(first.email)).toBe(1);
    expect(await queued(second.email)).toBe(1);
    expect(await queued(blocked.email)).toBe(0);
    const claims = await identity.db('alert_digests_sent').whereIn('carrier_id', [first.id, second.id, blocked.id]).orderBy('carrier_id').select('carrier_id', 'tasks');
    expect(claims).toEqual([
      { carrier_id: first.id, tasks: 2 },
      { carrier_id: second.id, tasks: 1 },
      { carrier_id: blocked.id, tasks: 1 },
    ]);

    // A task kept after 07:00 goes out the next morning (a new Danish day, a new claim).
    identity.clock.advance(nextDigestAt(identity.clock.now()).getTime() - identity.clock.now().getTime());
    expect(danishDate(identity.clock.now())).not.toBe(danishDate(due));
    expect(await sendAlertDigests(contextOn(identity.db))).toBe(1);
    expect(await queued(first.email)).toBe(2);
  });
});
