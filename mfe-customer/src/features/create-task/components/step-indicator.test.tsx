import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StepIndicator } from './step-indicator';

describe('step indicator', () => {
  it('names the buttons back to earlier steps themselves (on a phone only their number shows)', () => {
    const onGoTo = vi.fn();
    render(<StepIndicator current={3} reachable={3} onGoTo={onGoTo} />);
    screen.getByRole('button', { name: 'Trin 1: Vælg opgavetype' }).click();
    expect(screen.getByRole('button', { name: 'Trin 2: Udfyld detaljer' })).toBeTruthy();
    expect(onGoTo).toHaveBeenCalledWith(1);
  });

  it("lets the current step's name wrap on a phone instead of cutting it to 'Udfyld de…'", () => {
    // jsdom applies no media queries: the phone rule is read from the style sheet.
    const css = readFileSync(resolve(import.meta.dirname, '../create-task.css'), 'utf8');
    const phone = css.slice(css.indexOf('@media (max-width: 640px)'));
    expect(phone.match(/\.ct-steps__item--current \.ct-steps__label \{[^}]*\}/)?.[0]).toMatch(/white-space: normal;/);
  });
});
