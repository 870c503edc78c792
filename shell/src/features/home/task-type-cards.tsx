import { Link } from 'react-router-dom';
import { TASK_TYPES, useSession } from '@fragtbud/web';
import { createTaskLink } from './create-task-link';
import { TaskTypeIcon } from './task-type-icon';

/** The five task types as large cards in the hero. */
export function TaskTypeCards() {
  const signedIn = useSession((state) => state.user !== null);
  return (
    <ul className="type-cards" aria-label="Vælg opgavetype">
      {TASK_TYPES.map((taskType) => (
        <li key={taskType.type}>
          <Link className="type-card" to={createTaskLink(taskType.type, signedIn)}>
            <span className="type-card__icon">
              <TaskTypeIcon type={taskType.type} />
            </span>
            <span className="type-card__label">{taskType.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
