/**
 * When the daily load-alert overview runs (issue 29): 07:00 Danish time, across the clock changes, one timer at a
 * time, driven by vitest's fake timers and the service clock (no waiting).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { danishDate, digestCutoff, nextDigestAt, startAlertDigests } from './service';

const at = (iso: string) => new Date(iso);

describe('nextDigestAt', () => {
  it('when asked before 07:00 Danish time, then it is 07:00 that day; from 07:00 on, 07:00 the next day', () => {
    // Winter (CET, UTC+1): 07:00 is 06:00Z.
    expect(nextDigestAt(at('2026-01-15T05:59:59Z')).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(nextDigestAt(at('2026-01-15T06:00:00Z')).toISOString()).toBe('2026-01-16T06:00:00.000Z');
    // Summer (CEST, UTC+2): 07:00 is 05:00Z.
    expect(nextDigestAt(at('2026-07-01T04:00:00Z')).toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(nextDigestAt(at('2026-07-01T21:00:00Z')).toISOString()).toBe('2026-07-02T05:00:00.000Z');
    // 23:30Z on 14 January is 00:30 on 15 January in Denmark: that day's 07:00.
    expect(nextDigestAt(at('2026-01-14T23:30:00Z')).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    // Month and year ends.
    expect(nextDigestAt(at('2026-01-31T12:00:00Z')).toISOString()).toBe('2026-02-01T06:00:00.000Z');
    expect(nextDigestAt(at('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('when summer time begins (29 March 2026, 02:00 → 03:00), then 07:00 that day is 05:00Z, only 23 hours after the day before', () => {
    expect(nextDigestAt(at('2026-03-28T06:00:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // 00:30 and 01:59 Danish winter time on the switch night, and 03:30 summer time after it.
    expect(nextDigestAt(at('2026-03-28T23:30:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(nextDigestAt(at('2026-03-29T00:59:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(nextDigestAt(at('2026-03-29T01:30:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(digestCutoff(at('2026-03-29T00:30:00Z')).toISOString()).toBe('2026-03-29T05:00:00.000Z');
    expect(nextDigestAt(at('2026-03-29T05:00:00Z')).toISOString()).toBe('2026-03-30T05:00:00.000Z');
  });

  it('when summer time ends (25 October 2026, 03:00 → 02:00), then 07:00 that day is 06:00Z, 25 hours after the day before', () => {
    expect(nextDigestAt(at('2026-10-24T05:00:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    // 00:30 summer time, then 02:30 twice (summer, then winter time).
    expect(nextDigestAt(at('2026-10-24T22:30:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(nextDigestAt(at('2026-10-25T00:30:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(nextDigestAt(at('2026-10-25T01:30:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(digestCutoff(at('2026-10-24T23:30:00Z')).toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(nextDigestAt(at('2026-10-25T06:00:00Z')).toISOString()).toBe('2026-10-26T06:00:00.000Z');
  });

  it('the Danish date is the calendar day in Denmark, not in UTC', () => {
    expect(danishDate(at('2026-01-14T23:30:00Z'))).toBe('2026-01-15');
    expect(danishDate(at('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(danishDate(at('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });
});

describe('startAlertDigests', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts the schedule with a send that records the (fake) time of each run. */
  function started() {
    const runs: string[] = [];
    const warnings: unknown[] = [];
    const schedule = startAlertDigests(
      { clock: () => new Date(), logger: { warn: (...args: unknown[]) => warnings.push(args) } as never },
      async () => {
        runs.push(new Date().toISOString());
        return 0;
      },
      { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (timer) => clearTimeout(timer) },
    );
    return { runs, warnings, schedule };
  }

  it('when started, then it runs at once and next at 07:00 Danish time, then every day at 07:00 across the switch to summer time', async () => {
    vi.setSystemTime(at('2026-03-27T10:00:00Z'));
    const { runs, schedule } = started();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['2026-03-27T10:00:00.000Z']);
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(at('2026-03-30T05:00:00Z').getTime() - Date.now());
    expect(runs).toEqual(['2026-03-27T10:00:00.000Z', '2026-03-28T06:00:00.000Z', '2026-03-29T05:00:00.000Z', '2026-03-30T05:00:00.000Z']);
    // One timer waiting at a time.
    expect(vi.getTimerCount()).toBe(1);
    schedule.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * 24 * 3600_000);
    expect(runs).toHaveLength(4);
  });

  it('when summer time ends, then the runs are 25 hours apart and still at 07:00 Danish time', async () => {
    vi.setSystemTime(at('2026-10-24T04:59:00Z'));
    const { runs, schedule } = started();
    await vi.advanceTimersByTimeAsync(at('2026-10-26T06:00:00Z').getTime() - Date.now());
    expect(runs).toEqual(['2026-10-24T04:59:00.000Z', '2026-10-24T05:00:00.000Z', '2026-10-25T06:00:00.000Z', '2026-10-26T06:00:00.000Z']);
    schedule.stop();
  });

  it('when a run fails, then it is logged and the next 07:00 is still scheduled', async () => {
    vi.setSystemTime(at('2026-01-15T05:00:00Z'));
    const runs: string[] = [];
    const warnings: unknown[] = [];
    const schedule = startAlertDigests(
      { clock: () => new Date(), logger: { warn: (...args: unknown[]) => warnings.push(args) } as never },
      async () => {
        runs.push(new Date().toISOString());
        throw new Error('database gone');
      },
      { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (timer) => clearTimeout(timer) },
    );
    await vi.advanceTimersByTimeAsync(at('2026-01-16T06:00:00Z').getTime() - Date.now());
    expect(runs).toEqual(['2026-01-15T05:00:00.000Z', '2026-01-15T06:00:00.000Z', '2026-01-16T06:00:00.000Z']);
    expect(warnings).toHaveLength(3);
    schedule.stop();
  });
});
