import { describe, expect, it } from 'vitest';
import { ledgerStatusLabel } from './finance';

describe('ledgerStatusLabel', () => {
  it.each([
    ['pending', 'Afventer'],
    ['succeeded', 'Gennemført'],
    ['paid', 'Udbetalt'],
    ['cancelled', 'Annulleret'],
    ['failed', 'Mislykkedes'],
    ['applied', 'Anvendt'],
    ['refunded', 'Refunderet'],
    ['awaiting_completion', 'Afventer afslutning'],
  ])('names %s in Danish as %s', (status, label) => {
    expect(ledgerStatusLabel(status)).toBe(label);
  });

  it('shows a status without a Danish word as it came, never an inherited property', () => {
    expect(ledgerStatusLabel('requires_action')).toBe('requires_action');
    expect(ledgerStatusLabel('constructor')).toBe('constructor');
  });
});
