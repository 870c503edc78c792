import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Task } from '@fragtbud/contracts';
import { taskTypeLabel } from '../domain/task-types';
import { formatDate } from '../format/date';
import { formatDkkFromKroner } from '../format/money';
import { RouteMap } from './route-map';
import { TaskStatusBadge } from './task-status';
import { taskPlace } from './task-places';
import { TaskTypeIcon } from './task-type-icon';
import './tasks.css';

export type TaskCardTask = Pick<
  Task,
  | 'id'
  | 'type'
  | 'status'
  | 'description'
  | 'created_at'
  | 'lowest_bid'
  | 'images'
  | 'from_address'
  | 'to_address'
  | 'from_postal_code'
  | 'from_city'
  | 'to_postal_code'
  | 'to_city'
>;

export interface TaskCardProps {
  task: TaskCardTask;
  /** Where the card leads; the task page by default (its guard sends visitors to log in first). */
  href?: string;
  /**
   * The lowest bid is a customer total: a carrier sees money only as payouts, so for them (false) the card shows a
   * dash where the price stands, whatever the task holds. The server leaves it out for carriers as well.
   */
  showLowestBid?: boolean;
}

/**
 * One task in a list (spec section 2, Browse tasks): type, status, postal code or city of both ends, description,
 * created date, lowest bid or a dash, thumbnail and a route toggle. The whole card opens the task.
 */
export function TaskCard({ task, href = `/task/${task.id}`, showLowestBid = true }: TaskCardProps) {
  const [showRoute, setShowRoute] = useState(false);
  const routeId = useId();
  const from = taskPlace(task, 'from');
  const to = taskPlace(task, 'to');
  const typeLabel = taskTypeLabel(task.type);
  const thumbnail = task.images[0];
  const description = task.description.trim();

  return (
    <article className="fb-task-card" aria-labelledby={`${routeId}-title`}>
      <div className="fb-task-card__thumb" aria-hidden="true">
        {thumbnail ? <img src={thumbnail} alt="" loading="lazy" decoding="async" /> : <TaskTypeIcon type={task.type} size={34} />}
      </div>
      <div className="fb-task-card__body">
        <div className="fb-task-card__top">
          <h3 className="fb-task-card__title" id={`${routeId}-title`}>
            <Link to={href} className="fb-task-card__link">
              {typeLabel} <span className="fb-task-card__id">#{task.id}</span>
            </Link>
          </h3>
          <TaskStatusBadge status={task.status} />
        </div>
        <p className="fb-task-card__route">
          <span>{from}</span>
          <span className="fb-task-card__arrow" aria-label="til">
            →
          </span>
          <span>{to}</span>
        </p>
        <p className={description ? 'fb-task-card__description' : 'fb-task-card__description is-empty'}>
          {description || 'Ingen beskrivelse'}
        </p>
        <dl className="fb-task-card__facts">
          <div>
            <dt>Oprettet</dt>
            <dd>{formatDate(task.created_at)}</dd>
          </div>
          <div>
            <dt>Laveste bud</dt>
            <dd className="fb-task-card__price">{formatDkkFromKroner(showLowestBid ? task.lowest_bid : null)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="fb-task-card__toggle"
          aria-expanded={showRoute}
          aria-controls={routeId}
          onClick={() => setShowRoute((shown) => !shown)}
        >
          {showRoute ? 'Skjul rute' : 'Vis rute'}
        </button>
        <div id={routeId} className="fb-task-card__map" hidden={!showRoute}>
          {showRoute && <RouteMap from={from} to={to} compact />}
        </div>
      </div>
    </article>
  );
}
