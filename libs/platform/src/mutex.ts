export type Release = () => void;

/** A FIFO lock; `lock()` resolves with the function that hands it to the next waiter. */
export class Mutex {
  private locked = false;
  private readonly waiters: Array<(release: Release) => void> = [];

  get isLocked(): boolean {
    return this.locked;
  }

  lock(timeoutMs?: number): Promise<Release> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter = (release: Release) => {
        if (timer) clearTimeout(timer);
        resolve(release);
      };
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              reject(new MutexTimeoutError(timeoutMs));
            }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next(this.releaser());
      else this.locked = false;
    };
  }
}

export class MutexTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Timed out after ${timeoutMs} ms waiting for the lock`);
    this.name = 'MutexTimeoutError';
  }
}
