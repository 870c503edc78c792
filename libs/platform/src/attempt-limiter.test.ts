import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter';

describe('createAttemptLimiter', () => {
  it('when a key goes over its limit, then it is refused until the window ends; other keys are counted apart', () => {
    let now = 1_000_000;
    const limiter = createAttemptLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(limiter.attempt('a')).toEqual({ allowed: true });
    expect(limiter.attempt('a')).toEqual({ allowed: true });
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.attempt('b')).toEqual({ allowed: true });
    now += 59_500;
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 500;
    expect(limiter.attempt('a')).toEqual({ allowed: true });
  });
});
