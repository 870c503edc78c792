import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('when full, then the least recently used entry goes first', () => {
    const cache = new TtlCache<number>(2, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('when an entry is older than the ttl, then it is gone', () => {
    let now = 1_000;
    const cache = new TtlCache<string>(10, 500, () => now);
    cache.set('q', 'svar');
    now += 499;
    expect(cache.get('q')).toBe('svar');
    now += 1;
    expect(cache.get('q')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
