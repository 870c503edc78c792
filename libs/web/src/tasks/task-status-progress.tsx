import { taskProgressSteps, taskStatusLabels, type TaskStatus } from '@fragtbud/contracts';
import { classNames } from '../ui/class-names';
import { isTaskStatus, taskStatusLabel } from './task-status';
import './tasks.css';

type ProgressStep = (typeof taskProgressSteps)[number];

/**
 * Where a status sits on the bar: statuses that are not steps of their own borrow the position of the nearest
 * step (an admin's 'in_progress' is under way like 'in_transit'; a task awaiting review has only been created).
 */
function positionOf(status: TaskStatus): number {
  const stand: Partial<Record<TaskStatus, ProgressStep>> = { in_progress: 'in_transit', pending_admin_review: 'created' };
  const step = stand[status] ?? status;
  return (taskProgressSteps as readonly string[]).indexOf(step);
}

/** The status progress bar at the top of the task page (spec section 2): done, current and coming steps. */
export function TaskStatusProgress({ status }: { status: string }) {
  const known = isTaskStatus(status);
  const cancelled = status === 'cancelled';
  const current = known && !cancelled ? positionOf(status) : -1;
  const note = cancelled || (known && positionOf(status) >= 0 && !(taskProgressSteps as readonly string[]).includes(status))
    ? taskStatusLabel(status)
    : null;

  return (
    <div className={classNames('fb-progress', cancelled && 'fb-progress--cancelled')}>
      <ol className="fb-progress__steps" aria-label="Opgavens forløb">
        {taskProgressSteps.map((step, index) => {
          const done = current >= 0 && (index < current || (index === current && step === 'completed'));
          const isCurrent = index === current;
          return (
            <li
              key={step}
              className={classNames('fb-progress__step', done && 'is-done', isCurrent && 'is-current')}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span className="fb-progress__marker" aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span className="fb-progress__label">{taskStatusLabels[step]}</span>
              {done && !isCurrent && <span className="fb-visually-hidden"> (gennemført)</span>}
            </li>
          );
        })}
      </ol>
      {note && (
        <p className="fb-progress__note" role="note">
          {cancelled ? 'Opgaven er annulleret.' : `Status: ${note}`}
        </p>
      )}
    </div>
  );
}
