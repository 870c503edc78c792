import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from './notification-bar';
import { useNotifications } from './notification-store';

afterEach(() => {
  useNotifications.getState().clear();
  vi.useRealTimers();
});

describe('notification bar', () => {
  it('renders nothing without notifications', () => {
    const { container } = render(<NotificationBar />);
    expect(container.innerHTML).toBe('');
  });

  it('keeps the newest 5, each dismissible', async () => {
    for (let i = 1; i <= 6; i++) useNotifications.getState().push({ id: i, kind: 'info', message: `Besked ${i}` });
    render(<NotificationBar />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText('Besked 1')).toBeNull();
    expect(screen.getByText('Besked 6')).toBeTruthy();

    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Luk besked' })[0]!);
    expect(screen.queryByText('Besked 2')).toBeNull();
  });

  it('dismisses a notification after 6 seconds', () => {
    vi.useFakeTimers();
    useNotifications.getState().push({ id: 1, kind: 'success', message: 'Bud afgivet' });
    render(<NotificationBar />);
    expect(screen.getByText('Bud afgivet')).toBeTruthy();
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByText('Bud afgivet')).toBeNull();
  });
});
