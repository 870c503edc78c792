import { describe, expect, it } from 'vitest';
import { producerOf, subjectMatches } from './subject';

describe('subjects', () => {
  it.each([
    ['identity.user.registered', 'identity.user.registered', true],
    ['identity.user.*', 'identity.user.registered', true],
    ['identity.*', 'identity.user.registered', false],
    ['identity.>', 'identity.user.registered', true],
    ['identity.>', 'identity', false],
    ['tasks.>', 'identity.user.registered', false],
    ['identity.user.registered', 'identity.user', false],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });

  it('when a subject starts with a wildcard, then it has no producer', () => {
    expect(producerOf('bids.bid.accepted')).toBe('bids');
    expect(() => producerOf('*.bid.accepted')).toThrow(/producing service/);
    expect(() => producerOf('>')).toThrow();
  });
});
