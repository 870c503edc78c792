import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  bidListQuerySchema,
  bidValidUntil,
  copenhagenDateOf,
  copenhagenTimeToInstant,
  maxBidsInForce,
  maxBidPriceOre,
  placeBidBodySchema,
  updateBidBodySchema,
} from './bids';
import { limits } from './constants';
import { eventTypes, payloadSchemaFor } from './events';
import { messages } from './messages';

const copenhagen = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Copenhagen',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** 'yyyy-mm-dd hh:mm' on a Copenhagen wall clock. */
const wallClock = (instant: Date) => copenhagen.format(instant);

describe('bid validity in Copenhagen time', () => {
  it('when no validity is given in winter and the 14 days end in summer time, then 20:00 CEST (18:00 UTC)', () => {
    expect(bidValidUntil(new Date('2026-03-20T12:00:00Z')).toISOString()).toBe('2026-04-03T18:00:00.000Z');
  });

  it('when the 14 days run from summer into winter time, then 20:00 CET (19:00 UTC)', () => {
    expect(bidValidUntil(new Date('2026-10-20T12:00:00Z')).toISOString()).toBe('2026-11-03T19:00:00.000Z');
  });

  it('when it is already tomorrow in Copenhagen but not in UTC, then the days count from the Copenhagen date', () => {
    // 22:30 UTC on 10 June is 00:30 on 11 June in Copenhagen.
    expect(bidValidUntil(new Date('2026-06-10T22:30:00Z')).toISOString()).toBe('2026-06-25T18:00:00.000Z');
  });

  it('when one day at 08:00 crosses the spring change, then 08:00 summer time', () => {
    expect(bidValidUntil(new Date('2026-03-28T12:00:00Z'), 1, '08:00').toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });

  it('when a wall-clock time falls in the spring gap, then the hour after it', () => {
    expect(copenhagenTimeToInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('for any moment, also the minutes around the clock changes, then the Copenhagen date is the one its wall clock shows', () => {
    const copenhagenDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' });
    const changes = ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-06-10T22:00:00Z'].map((at) => new Date(at).getTime());
    fc.assert(
      fc.property(
        fc.oneof(
          fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }),
          fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -7_200_000, max: 7_200_000 })).map(([at, ms]) => new Date(at + ms)),
        ),
        (instant) => {
          expect(copenhagenDateOf(instant)).toBe(copenhagenDate.format(instant));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('for any moment, any offered number of days and any time slot, then the Copenhagen wall clock shows that day and slot', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...limits.bidValidityOptionsDays),
        fc.constantFrom(...limits.bidTimeSlots),
        (now, days, slot) => {
          const until = bidValidUntil(now, days, slot);
          expect(wallClock(until)).toBe(`${addCalendarDays(copenhagenDateOf(now), days)} ${slot}`);
          expect(until.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
    );
  });
});

describe('max bids in force', () => {
  it('when the task has its own limit, then it wins', () => {
    expect(maxBidsInForce({ task: 2, type: 3, platform: 4 })).toEqual({ maxBids: 2, source: 'task' });
  });
  it('when the task has none, then its type’s', () => {
    expect(maxBidsInForce({ task: null, type: 3, platform: 4 })).toEqual({ maxBids: 3, source: 'type' });
  });
  it('when neither task nor type has one, then the platform’s', () => {
    expect(maxBidsInForce({ task: null, type: null, platform: 4 })).toEqual({ maxBids: 4, source: 'platform' });
  });
  it('when no level says anything usable, then 5', () => {
    expect(maxBidsInForce({})).toEqual({ maxBids: 5, source: 'default' });
    expect(maxBidsInForce({ task: 0, type: -1, platform: Number.NaN })).toEqual({ maxBids: 5, source: 'default' });
  });
});

describe('POST /bids body', () => {
  const parse = (body: unknown) => placeBidBodySchema.safeParse(body);
  const firstMessage = (body: unknown) => {
    const result = parse(body);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('when the price is in DKK with two decimals, then it comes out as øre', () => {
    expect(parse({ taskId: 7, price: 1234.5 }).data).toEqual({ taskId: 7, netOre: 123450, validity: undefined });
    expect(parse({ task_id: '7', price: '99,95' }).data).toEqual({ taskId: 7, netOre: 9995, validity: undefined });
  });

  it.each([[0], [-1], ['abc'], [null], [undefined], [''], [1.234], [Number.MAX_SAFE_INTEGER], [[1]], [{}]])(
    'when the price is %j, then "Angiv en gyldig pris først."',
    (price) => {
      expect(firstMessage({ taskId: 7, price })).toBe(messages.invalidPrice);
    },
  );

  it('when the price is above 10.000.000 DKK, then "Prisen må højst være 10.000.000 DKK." — on placing and on changing a bid', () => {
    expect(parse({ taskId: 7, price: 10_000_000 }).data?.netOre).toBe(maxBidPriceOre);
    expect(parse({ taskId: 7, price: '10.000.000,00' }).data?.netOre).toBe(1_000_000_000);
    for (const price of [10_000_000.01, 99_999_999, '99.999.999']) {
      expect(firstMessage({ taskId: 7, price })).toBe(messages.bidPriceTooHigh);
      expect(updateBidBodySchema.safeParse({ price }).error?.issues[0]?.message).toBe(messages.bidPriceTooHigh);
    }
    expect(messages.bidPriceTooHigh).toBe('Prisen må højst være 10.000.000 DKK.');
  });

  it('when the task id is missing or not an id, then "Ugyldigt opgave-id"', () => {
    expect(firstMessage({ price: 10 })).toBe(messages.invalidTaskId);
    expect(firstMessage({ taskId: 'x', price: 10 })).toBe(messages.invalidTaskId);
  });

  it('when valid_until is a date or a date and a time slot, then it is Copenhagen wall-clock time', () => {
    expect(parse({ taskId: 7, price: 10, valid_until: '2026-08-01' }).data?.validity).toEqual({ until: new Date('2026-08-01T18:00:00Z') });
    expect(parse({ taskId: 7, price: 10, validUntil: '2026-12-01T16:00' }).data?.validity).toEqual({ until: new Date('2026-12-01T15:00:00Z') });
    expect(parse({ taskId: 7, price: 10, valid_until: '2026-08-01T10:00:00Z' }).data?.validity).toEqual({ until: new Date('2026-08-01T10:00:00Z') });
  });

  it('when days and a time slot are given, then they are kept for the service to place in time', () => {
    expect(parse({ taskId: 7, price: 10, valid_days: 3, valid_time: '08:00' }).data?.validity).toEqual({ days: 3, time: '08:00' });
    expect(parse({ taskId: 7, price: 10, validDays: '7' }).data?.validity).toEqual({ days: 7, time: '20:00' });
  });

  it.each([['2026-02-30'], ['tomorrow'], ['2026-08-01T25:00'], [12], ['2026-08-01T10:00:00']])(
    'when valid_until is %j, then the validity message',
    (valid_until) => {
      expect(firstMessage({ taskId: 7, price: 10, valid_until })).toBe(messages.bidValidUntilInvalid);
    },
  );

  it('when the days or the slot are not offered, then their messages', () => {
    expect(firstMessage({ taskId: 7, price: 10, valid_days: 5 })).toBe(messages.bidValidDaysInvalid);
    expect(firstMessage({ taskId: 7, price: 10, valid_time: '09:00' })).toBe(messages.bidTimeSlotInvalid);
  });
});

describe('PUT /bids/{id} body and GET /bids query', () => {
  it('when nothing is given, then "Angiv mindst ét felt"', () => {
    const result = updateBidBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.noChangesGiven);
  });

  it('when the query has blanks and numbers as text, then they are read', () => {
    expect(bidListQuerySchema.parse({ taskId: '3', carrierId: '', page: '2' })).toEqual({ taskId: 3, page: 2, limit: 100 });
    expect(bidListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(bidListQuerySchema.safeParse({ status: 'open' }).success).toBe(false);
  });
});

describe('bids.bid.placed payload', () => {
  const placed = {
    bidId: 7,
    taskId: 12,
    carrierId: 3,
    customerId: 4,
    netOre: 100_000,
    totalOre: 130_000,
    validUntil: '2026-04-03T18:00:00.000Z',
    carrierListId: null,
    maxBids: 5,
    activeBidCount: 1,
  };
  const schema = payloadSchemaFor(eventTypes.bidPlaced)!;

  it('when the event names the task by type and cities, then they are kept', () => {
    const named = { ...placed, type: 'moving', fromCity: 'Aarhus C', toCity: null };
    expect(schema.parse(named)).toEqual(named);
  });

  it('when an older event names no task facts, then it is still understood', () => {
    expect(schema.safeParse(placed).success).toBe(true);
  });

  it('when the type is not a task type, then the event is not understood', () => {
    expect(schema.safeParse({ ...placed, type: 'boat' }).success).toBe(false);
  });
});
