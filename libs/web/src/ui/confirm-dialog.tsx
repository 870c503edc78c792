import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The confirming button's text, e.g. 'Slet bruger'. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the confirm button spins and cancelling is disabled. */
  busy?: boolean;
  variant?: 'danger' | 'primary';
  children: ReactNode;
}

/** A confirmation that interrupts the user (alertdialog) with 'Annuller' and one confirming action. */
export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onCancel, busy = false, variant = 'danger', children }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Annuller
          </Button>
          <Button variant={variant} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
