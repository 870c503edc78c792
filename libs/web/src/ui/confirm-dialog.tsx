import type { ReactNode } from 'react';
import { useSingleFlight } from '../hooks/use-single-flight';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The confirming button's text, e.g. 'Slet bruger'. */
  confirmLabel: string;
  /**
   * The action. Return its promise (e.g. a mutation's `mutateAsync`) and the dialog runs it once however often the
   * button is clicked, busy until it settled.
   */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
  /** While the action runs: the confirm button spins and cancelling is disabled. */
  busy?: boolean;
  variant?: 'danger' | 'primary';
  /** The confirming button cannot be pressed (what it would do is not known yet, or cannot be done). */
  confirmDisabled?: boolean;
  children: ReactNode;
}

/** A confirmation that interrupts the user (alertdialog) with 'Annuller' and one confirming action. */
export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onCancel, busy = false, variant = 'danger', confirmDisabled = false, children }: ConfirmDialogProps) {
  // A double click comes before the caller's `busy` re-rendered the button disabled: the guard is set in the click.
  const flight = useSingleFlight();
  const working = busy || flight.busy;
  const confirm = () => {
    if (busy || confirmDisabled) return;
    flight.run(async () => {
      await onConfirm();
    });
  };
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={working}>
            Annuller
          </Button>
          <Button variant={variant} onClick={confirm} loading={working} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
