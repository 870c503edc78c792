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
});
