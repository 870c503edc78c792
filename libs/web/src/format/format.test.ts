import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatMonth, formatShortMonth } from './date';
import { formatDkkFromKroner, formatDkkFromOre, formatWholeDkkFromKroner } from './money';

describe('money formatting', () => {
  it('shows kroner with two decimals in Danish format', () => {
    expect(formatDkkFromKroner(1234.5)).toBe('1.234,50 DKK');
    expect(formatDkkFromKroner(0)).toBe('0,00 DKK');
    expect(formatDkkFromKroner(1_000_000)).toBe('1.000.000,00 DKK');
  });

  it('converts øre to kroner', () => {
    expect(formatDkkFromOre(123_450)).toBe('1.234,50 DKK');
    expect(formatDkkFromOre(5)).toBe('0,05 DKK');
  });

  it('shows whole kroner for balance tables', () => {
    expect(formatWholeDkkFromKroner(1234.5)).toBe('1.235 DKK');
  });

  it('never shows a negative zero', () => {
    expect(formatDkkFromKroner(-0)).toBe('0,00 DKK');
    expect(formatDkkFromKroner(-0.004)).toBe('0,00 DKK');
    expect(formatDkkFromOre(-0)).toBe('0,00 DKK');
    expect(formatWholeDkkFromKroner(-0.4)).toBe('0 DKK');
    expect(formatDkkFromKroner(-0.005)).toBe('-0,01 DKK');
    expect(formatWholeDkkFromKroner(-1234.5)).toBe('-1.235 DKK');
  });

  it('shows a dash for a missing amount', () => {
    expect(formatDkkFromKroner(undefined)).toBe('–');
    expect(formatDkkFromOre(Number.NaN)).toBe('–');
  });
});

describe('date formatting', () => {
  it('uses the Danish locale', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21.11.2026');
    expect(formatLongDate('2026-03-05T10:00:00Z')).toBe('5. marts 2026');
  });

  it('names a month in Danish', () => {
    expect(formatMonth('2026-11')).toBe('november 2026');
    expect(formatMonth('2026-01')).toBe('januar 2026');
    expect(formatShortMonth('2026-11')).toBe('nov. 2026');
    expect(formatMonth('2026-13')).toBe('–');
    expect(formatMonth(null)).toBe('–');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('–');
    expect(formatDate('not a date')).toBe('–');
  });
});
