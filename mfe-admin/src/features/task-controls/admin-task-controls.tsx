import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminStatusOptions, allowedStatusTargets, type TaskStatus } from '@fragtbud/contracts';
import {
  Button,
  ConfirmDialog,
  Modal,
  SelectField,
  cancelConsequence,
  decisionFailure,
  taskStatusLabel,
  type AdminTaskControlsProps,
  type AdminTaskRef,
} from '@fragtbud/web';
import { useDeleteTask } from './api/delete-task';
import { useTaskBids } from './api/task-bids';
import { useUpdateTaskStatus } from './api/update-task-status';

export const STATUS_NOT_UPDATED = 'Kunne ikke opdatere status';

export const TASK_NOT_DELETED = 'Kunne ikke slette opgave';

/** What cancelling does to the money: a paid task names the refund (the accepted bid's total, once its bids are known). */
function useCancelConsequence(task: AdminTaskRef): string {
  const paid = Boolean(task.paid_at);
  const { data } = useTaskBids(paid ? task.id : null);
  return cancelConsequence(paid, data?.items);
}

/**
 * The admin's part of the task page's action panel: the status dropdown of spec section 4 and deletion after
 * confirmation. A failure shows the spec's text with the server's reason when it gave one the admin can act on.
 */
export function AdminTaskControls({ task, onChanged }: AdminTaskControlsProps) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirmCancelOpen, setConfirmCancelOpen] = useState(false);
  const changeStatus = useUpdateTaskStatus();
  const remove = useDeleteTask();
  const consequence = useCancelConsequence(task);
  const chosen = status || task.status;
  // Only what the server allows (allowedStatusTargets: a paid task never goes back to a status that asks for
  // payment), among the menu's statuses; the current one is shown marked.
  const allowed = allowedStatusTargets(task, 'admin');
  const options = adminStatusOptions.filter((option) => option === task.status || allowed.includes(option));
  const statusFailure = changeStatus.error ? decisionFailure(changeStatus.error, STATUS_NOT_UPDATED) : null;
  const deleteFailure = remove.error ? decisionFailure(remove.error, TASK_NOT_DELETED) : null;

  const applyStatus = () =>
    changeStatus.mutateAsync({ id: task.id, status: chosen }).then((updated) => {
      onChanged(updated);
      setStatus('');
      setNotice(`Status ændret til ${taskStatusLabel(updated.status)}.`);
    });

  const submitStatus = () => {
    if (chosen === task.status) return;
    setNotice(null);
    // Cancelling takes the job from the carrier and refunds a paid task at once: only after the admin confirms.
    if (chosen === 'cancelled') setConfirmCancelOpen(true);
    else void applyStatus().catch(() => undefined); // the mutation keeps its error for the alert below
  };

  const confirmDelete = () => remove.mutate(task.id, { onSuccess: () => navigate('/tasks', { replace: true }) });

  return (
    <div className="task-admin">
      <h3 className="task-admin__title">Administrator</h3>
      <div className="task-admin__status">
        <SelectField
          label="Skift status"
          value={chosen}
          onChange={(event) => {
            setStatus(event.target.value as TaskStatus);
            setNotice(null);
            changeStatus.reset();
          }}
        >
          {!(adminStatusOptions as readonly string[]).includes(task.status) && (
            <option value={task.status} disabled>
              {taskStatusLabel(task.status)} (nuværende)
            </option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {taskStatusLabel(option)}
              {option === task.status ? ' (nuværende)' : ''}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" onClick={submitStatus} loading={changeStatus.isPending} disabled={chosen === task.status}>
          Opdater status
        </Button>
      </div>
      {statusFailure && (
        <div className="fb-form-error" role="alert">
          {statusFailure.message}
          {statusFailure.reason && <span className="task-admin__reason">{statusFailure.reason}</span>}
        </div>
      )}
      {notice && (
        <p className="task-admin__notice" role="status">
          {notice}
        </p>
      )}
      <ConfirmDialog
        open={confirmCancelOpen}
        title={`Annullér opgave #${task.id}?`}
        confirmLabel="Annullér opgaven"
        busy={changeStatus.isPending}
        onCancel={() => setConfirmCancelOpen(false)}
        onConfirm={() => applyStatus().finally(() => setConfirmCancelOpen(false))}
      >
        <p>{consequence} Det kan ikke fortrydes.</p>
      </ConfirmDialog>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset();
          setConfirmOpen(true);
        }}
      >
        Slet opgave
      </Button>
      <Modal
        open={confirmOpen}
        role="alertdialog"
        title={`Slet opgave #${task.id}?`}
        onClose={() => !remove.isPending && setConfirmOpen(false)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmOpen(false)} disabled={remove.isPending}>
              Annuller
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
              Slet opgave
            </Button>
          </>
        }
      >
        <p>Opgaven slettes permanent sammen med dens billeder. Det kan ikke fortrydes.</p>
        {deleteFailure && (
          <div className="fb-form-error" role="alert">
            {deleteFailure.message}
            {deleteFailure.reason && <span className="task-admin__reason">{deleteFailure.reason}</span>}
          </div>
        )}
      </Modal>
    </div>
  );
}
