/**
 * POST /finance/adjustments announces each new adjustment (ledger.adjustment.created), so the person it concerns is
 * told (svc-chat notification, svc-identity mail) — once, however often the admin's request is retried.
 */
import { eventTypes } from '@fragtbud/contracts';
import { outboxEnvelopes } from '@fragtbud/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedEvent, startLedger, user, type StartedLedger } from '../test-harness';

let ledger: StartedLedger;
const admin = user('admin');

beforeAll(async () => {
  ledger = await startLedger();
});
afterAll(async () => {
  await ledger?.close();
});

describe('POST /finance/adjustments', () => {
  it('when an admin books an adjustment (the request sent twice), then one ledger.adjustment.created names the person, amount and reason', async () => {
    const carrier = user('carrier');
    const body = { carrierId: carrier.id, amount: -37.5, reason: 'Skade på gods' };
    const headers = { 'Idempotency-Key': `adj-${carrier.id}` };
    const first = await ledger.call('POST', '/finance/adjustments', { as: admin, body, headers });
    const again = await ledger.call('POST', '/finance/adjustments', { as: admin, body, headers });
    expect([first.status, again.status]).toEqual([201, 200]);

    const event = await publishedEvent(ledger, eventTypes.adjustmentCreated, (data) => data.userId === carrier.id);
    expect(event.data).toEqual({
      adjustmentId: first.body.id,
      party: 'carrier',
      userId: carrier.id,
      taskId: null,
      amountOre: -3_750,
      reason: 'Skade på gods',
      vatIncluded: false,
      createdBy: admin.id,
    });
    const written = (await outboxEnvelopes(ledger.db, eventTypes.adjustmentCreated)).filter((e) => (e.data as { userId: number }).userId === carrier.id);
    expect(written).toHaveLength(1);
  });
});
