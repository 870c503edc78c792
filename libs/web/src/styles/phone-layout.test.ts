import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// jsdom lays nothing out and applies no media queries: the phone rules are read from the kit's style sheets.
const sheet = (path: string) => readFileSync(resolve(import.meta.dirname, path), 'utf8');
const rule = (css: string, selector: string) => css.match(new RegExp(`^ *${selector.replace(/[.()]/g, '\\$&')} \\{[^}]*\\}`, 'm'))?.[0] ?? '';
/** The rules inside the first `@media (max-width: N)` block that contains `selector`. */
function phoneRule(css: string, selector: string, width: number): string {
  const media = `@media (max-width: ${width}px) {`;
  for (let at = css.indexOf(media); at >= 0; at = css.indexOf(media, at + 1)) {
    const found = rule(css.slice(at, css.indexOf('\n}\n', at)), selector);
    if (found) return found;
  }
  return '';
}

describe('the kit on a phone', () => {
  const base = sheet('base.css');

  it('lets a button with a long label wrap inside the screen instead of widening the page', () => {
    expect(rule(base, '.fb-button')).toMatch(/white-space: nowrap;/);
    const phone = phoneRule(base, '.fb-button', 640);
    expect(phone).toMatch(/max-width: 100%;/);
    expect(phone).toMatch(/white-space: normal;/);
  });

  it('makes small buttons and the text toggles of cards and bids 40 px touch targets', () => {
    expect(phoneRule(base, '.fb-button--small', 640)).toMatch(/min-height: 40px;/);
    expect(phoneRule(sheet('../tasks/tasks.css'), '.fb-task-card__toggle', 480)).toMatch(/min-height: 40px;/);
    expect(phoneRule(sheet('../bids/bids.css'), '.fb-bid-price__toggle', 640)).toMatch(/min-height: 40px;/);
  });

  it("gives a dialog's close button (×) a 40 px touch target", () => {
    const close = rule(base, '.fb-modal__close');
    expect(close).toMatch(/width: 40px;/);
    expect(close).toMatch(/height: 40px;/);
  });
});
