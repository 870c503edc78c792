import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toaster, TOAST_LIFETIME_MS, toast } from './toast';

describe('toasts', () => {
  it('shows a success as a status and an error as an alert, each closable with "Luk besked"', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Bud afgivet');
      toast.error('Kortet blev afvist');
    });
    expect(screen.getByRole('status').textContent).toContain('Bud afgivet');
    expect(screen.getByRole('alert').textContent).toContain('Kortet blev afvist');
    await userEvent.click(screen.getAllByRole('button', { name: 'Luk besked' })[0]!);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('goes by itself after 6 seconds, and the same message twice shows once', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        toast.success('Bud afgivet');
        toast.success('Bud afgivet');
      });
      expect(screen.getAllByRole('status')).toHaveLength(1);
      act(() => vi.advanceTimersByTime(TOAST_LIFETIME_MS));
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
