import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('when the confirming button is double-clicked and the action returns its promise, then it runs once and the buttons are disabled until it settled', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(
      <ConfirmDialog open title="Slet bruger" confirmLabel="Slet bruger" onConfirm={onConfirm} onCancel={() => undefined}>
        Brugeren slettes.
      </ConfirmDialog>,
    );
    const confirm = screen.getByRole('button', { name: 'Slet bruger' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Annuller' }).hasAttribute('disabled')).toBe(true);
    finish();
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('when the caller says it is busy, then a click does nothing', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog open busy title="Slet liste" confirmLabel="Slet liste" onConfirm={onConfirm} onCancel={() => undefined}>
        Listen slettes.
      </ConfirmDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Slet liste' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
