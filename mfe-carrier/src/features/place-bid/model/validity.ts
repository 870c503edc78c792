import {
  addCalendarDays,
  bidValidUntil,
  copenhagenDateOf,
  copenhagenTimeToInstant,
  limits,
  maxBidValidityDays,
  messages,
  type BidTimeSlot,
} from '@fragtbud/contracts';

/*
 * The validity picker of spec sections 5 and 9: 1, 2, 3, 7 or 14 days (default 14) ending at 20:00, or a chosen date
 * with a time slot (default 20:00) — Copenhagen wall-clock time, whatever the browser's time zone. The contracts'
 * helpers turn it into the instant sent as `valid_until`.
 */

export const VALIDITY_DAY_OPTIONS = limits.bidValidityOptionsDays;
export const TIME_SLOTS = limits.bidTimeSlots;
export const CUSTOM = 'custom';
/** Editing a bid: keep the validity it has ('Uændret'). */
export const KEEP = 'keep';
export const NO_DATE_CHOSEN = 'Vælg en dato.';

export interface ValidityState {
  /** '1', '2', '3', '7', '14', 'custom', or 'keep' while editing a bid. */
  choice: string;
  /** yyyy-mm-dd, Copenhagen calendar date; used when choice is 'custom'. */
  date: string;
  time: BidTimeSlot;
}

export function defaultValidity(now: Date): ValidityState {
  return {
    choice: String(limits.defaultBidValidityDays),
    date: addCalendarDays(copenhagenDateOf(now), 1),
    time: limits.defaultBidTimeSlot,
  };
}

export function dayOptionLabel(days: number): string {
  return days === 1 ? '1 dag' : `${days} dage`;
}

/** The earliest and latest date the date field offers (today and a year on, in Copenhagen). */
export function dateBounds(now: Date): { min: string; max: string } {
  const today = copenhagenDateOf(now);
  return { min: today, max: addCalendarDays(today, maxBidValidityDays) };
}

export type ValidityResult = { until: Date; error: null } | { until: null; error: string };

/** Editing a bid: its validity as it is, until the carrier picks another. */
export function keptValidity(now: Date): ValidityState {
  return { ...defaultValidity(now), choice: KEEP };
}

/**
 * The instant the bid ends, or why the chosen date cannot be used (the server's own rules and texts); `current` is the
 * edited bid's end, for the choice 'keep'.
 */
export function validUntilOf(state: ValidityState, now: Date, current?: Date): ValidityResult {
  if (state.choice === KEEP && current) return { until: current, error: null };
  if (state.choice !== CUSTOM) {
    return { until: bidValidUntil(now, Number(state.choice), limits.defaultBidTimeSlot), error: null };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(state.date)) return { until: null, error: NO_DATE_CHOSEN };
  const until = copenhagenTimeToInstant(state.date, state.time);
  if (Number.isNaN(until.getTime())) return { until: null, error: NO_DATE_CHOSEN };
  if (until.getTime() <= now.getTime()) return { until: null, error: messages.bidValidUntilPast };
  if (until.getTime() > now.getTime() + maxBidValidityDays * 24 * 3600 * 1000) return { until: null, error: messages.bidValidUntilTooFar };
  return { until, error: null };
}

const copenhagenClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Copenhagen', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const copenhagenLongDate = new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'lørdag den 5. december 2026 kl. 20:00' — the end of a bid as the carrier picked it, in Copenhagen time. */
export function formatValidUntil(until: Date): string {
  return `${copenhagenLongDate.format(until)} kl. ${copenhagenClock.format(until)}`;
}
