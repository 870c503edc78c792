import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight';

function Sender({ action }: { action: () => Promise<unknown> }) {
  const { busy, run } = useSingleFlight();
  return (
    <button type="button" disabled={busy} onClick={() => run(action)}>
      Send
    </button>
  );
}

describe('useSingleFlight', () => {
  it('when the button is clicked twice in the same instant, then one action runs; once it ended, the next click runs again', async () => {
    let calls = 0;
    let finish: () => void = () => undefined;
    const action = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    render(<Sender action={action} />);
    const button = screen.getByRole('button', { name: 'Send' });
    // Two clicks before React re-renders: fireEvent runs both synchronously.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(calls).toBe(1);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    finish();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(calls).toBe(2);
  });

  it('when the action fails, then the button is free again', async () => {
    let calls = 0;
    render(<Sender action={() => ((calls += 1), Promise.reject(new Error('nej')))} />);
    const button = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(calls).toBe(2);
  });
});
