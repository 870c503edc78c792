import { describe, expect, it } from 'vitest';
import { sharedAnswerCacheControl } from './http';

describe('sharedAnswerCacheControl', () => {
  it.each([
    [2000, 'public, max-age=0, must-revalidate, s-maxage=2'],
    [2999, 'public, max-age=0, must-revalidate, s-maxage=2'],
    [60_000, 'public, max-age=0, must-revalidate, s-maxage=60'],
    [999, 'public, no-cache'],
    [0, 'public, no-cache'],
  ])('BROWSE_CACHE_MS=%d → %s (browsers always revalidate; shared caches keep it no longer than this service lags)', (ms, expected) => {
    expect(sharedAnswerCacheControl({ BROWSE_CACHE_MS: ms })).toBe(expected);
  });
});
