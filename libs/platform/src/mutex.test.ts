import { describe, expect, it } from 'vitest';
import { Mutex, MutexTimeoutError } from './mutex';

describe('Mutex', () => {
  it('when several wait, then they get the lock one at a time in arrival order', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    const worker = async (name: string) => {
      const release = await mutex.lock();
      order.push(`${name}+`);
      // Work inside the critical section (the others are already waiting), not a wait for something to happen.
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`${name}-`);
      release();
    };
    await Promise.all([worker('a'), worker('b'), worker('c')]);
    expect(order).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
    expect(mutex.isLocked).toBe(false);
  });

  it('when the holder does not release in time, then the waiter times out and later waiters still get it', async () => {
    const mutex = new Mutex();
    const release = await mutex.lock();
    await expect(mutex.lock(10)).rejects.toBeInstanceOf(MutexTimeoutError);
    const next = mutex.lock(1_000);
    release();
    release(); // releasing twice is harmless
    (await next)();
    expect(mutex.isLocked).toBe(false);
  });
});
