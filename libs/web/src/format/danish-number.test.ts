import { describe, expect, it } from 'vitest';
import { formatDanishNumber, formatDanishNumberInput, formatPosition, parseDanishNumber, parseDanishWholeNumber } from './danish-number';

describe('parseDanishNumber', () => {
  it.each<[string, number]>([
    ['12', 12],
    ['12,50', 12.5],
    ['12,5', 12.5],
    ['0.75', 0.75],
    ['1.2345', 1.2345],
    ['1.234,50', 1234.5],
    ['1.234.567,89', 1234567.89],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['1\u202f234', 1234],
    ['1.234', 1234],
    ['1.500', 1500],
    ['12.5', 12.5],
    ['0.75', 0.75],
    ['1.2345', 1.2345],
    ['1 234.5', 1234.5],
    ['  42 ', 42],
    ['-3,5', -3.5],
    ['007', 7],
  ])('reads %j as %d', (text, expected) => {
    expect(parseDanishNumber(text)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '12kr', '12,5,0', '1,234.50', '1.23.4', '12.34.5', '12 34', ',5', '5,', '.5', '1..5', '--1', '+', 'NaN', 'Infinity', '1e3', '0x10'])(
    'refuses %j',
    (text) => {
      expect(parseDanishNumber(text)).toBeNull();
    },
  );

  it('passes finite numbers through and refuses the rest', () => {
    expect(parseDanishNumber(12.5)).toBe(12.5);
    expect(parseDanishNumber(Number.NaN)).toBeNull();
    expect(parseDanishNumber(null)).toBeNull();
    expect(parseDanishNumber(undefined)).toBeNull();
  });

  it('shows a number back with a decimal comma', () => {
    expect(formatDanishNumberInput(1234.5)).toBe('1234,5');
    expect(formatDanishNumberInput(null)).toBe('');
  });
});

describe('parseDanishWholeNumber', () => {
  it.each<[string | number, number]>([
    ['25', 25],
    [' 7 ', 7],
    ['1.500', 1500],
    ['1 500', 1500],
    ['1\u00a0500', 1500],
    ['0', 0],
    ['-2', -2],
    [12, 12],
  ])('reads %j as %d', (text, expected) => {
    expect(parseDanishWholeNumber(text)).toBe(expected);
  });

  it.each(['2,5', '2.5', '1,0', '1,000', '1.50', '', 'abc', '1.23.4', '12 34', 2.5, Number.NaN])('refuses %j (a decimal or no number)', (text) => {
    expect(parseDanishWholeNumber(text)).toBeNull();
  });
});

describe('formatDanishNumber', () => {
  it.each<[number, string]>([
    [12000, '12.000'],
    [1250.75, '1.250,75'],
    [0.5, '0,5'],
    [3, '3'],
    [1234567.891, '1.234.567,89'],
  ])('shows %d as %j', (value, expected) => {
    expect(formatDanishNumber(value)).toBe(expected);
  });

  it('keeps more decimals when asked (coordinates)', () => {
    expect(formatDanishNumber(55.6415, 5)).toBe('55,6415');
  });

  it('shows a dash for no number', () => {
    expect(formatDanishNumber(null)).toBe('–');
    expect(formatDanishNumber(Number.NaN)).toBe('–');
  });
});

describe('formatPosition', () => {
  it('shows a position with decimal commas and compass letters', () => {
    expect(formatPosition(55.6415, 12.0803)).toBe('55,64150° N, 12,08030° Ø');
    expect(formatPosition(-33.5, -70.25)).toBe('33,50000° S, 70,25000° V');
  });
});
