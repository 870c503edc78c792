// Test helper (imported by *.test.tsx only). jsdom lays nothing out (every width 0): a test of a table wider than its
// box gives every element these widths, and forgets them after the test.
import { afterEach } from 'vitest';

export function givenWidths({ scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => clientWidth });
}

/** Call at the top of a describe whose tests use `givenWidths`. */
export function forgetWidthsAfterEach() {
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  });
}
