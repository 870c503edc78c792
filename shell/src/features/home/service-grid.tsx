import { Link } from 'react-router-dom';
import { TASK_TYPES, useSession } from '@fragtbud/web';
import { createTaskLink } from './create-task-link';
import { TaskTypeIcon } from './task-type-icon';

export function ServiceGrid() {
  const signedIn = useSession((state) => state.user !== null);
  return (
    <section className="home-section" aria-labelledby="services-title">
      <div className="fb-container">
        <h2 id="services-title" className="home-section__title">
          Vores service
        </h2>
        <p className="home-section__lead">Uanset om det er en hel flytning eller en enkelt palle, finder du den rette vognmand her.</p>
        <ul className="service-grid">
          {TASK_TYPES.map((taskType) => (
            <li key={taskType.type} className="service-card">
              <span className="service-card__icon">
                <TaskTypeIcon type={taskType.type} />
              </span>
              <h3 className="service-card__title">{taskType.label}</h3>
              <p className="service-card__text">{taskType.description}</p>
              <Link className="service-card__link" to={createTaskLink(taskType.type, signedIn)}>
                Få tilbud<span className="fb-visually-hidden"> på {taskType.label.toLowerCase()}</span>
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
