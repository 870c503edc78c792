import type { Task } from '@fragtbud/contracts';
import {
  carrierPath,
  formatDate,
  formatDateTime,
  formatDkkFromKroner,
  taskAddress,
  type PhotoPickerProps,
  type User,
} from '@fragtbud/web';
import { Link } from 'react-router-dom';
import { useCarrierListLabel } from '../api/get-carrier-list';
import { TaskDeletionRequests } from './deletion-requests/deletion-requests';
import { TaskReview } from './review/task-review';
import { TaskRouteMap } from './route-map/task-route-map';
import { TaskActionPanel } from './task-action-panel';
import { isBeforeAcceptance, managesPhotos } from './task-access';
import { taskFacts } from './task-facts';
import { TaskPhotos } from './task-photos';

interface TaskDetailsTabProps {
  task: Task;
  viewer: Pick<User, 'id' | 'role'> | null;
  onChanged: (task: Task) => void;
  /** For tests. */
  upload?: PhotoPickerProps['upload'];
  prepare?: PhotoPickerProps['prepare'];
}

function schedule(task: Task): string | null {
  const parts: string[] = [];
  if (task.time_frame_start || task.time_frame_end) parts.push(`kl. ${task.time_frame_start ?? '?'}–${task.time_frame_end ?? '?'}`);
  if (task.is_flexible) parts.push('fleksibel');
  return parts.length ? parts.join(', ') : null;
}

/** The details tab (spec section 2): route with map, description, type-specific facts, photos, info and actions. */
export function TaskDetailsTab({ task, viewer, onChanged, upload, prepare }: TaskDetailsTabProps) {
  const from = taskAddress(task, 'from');
  const to = taskAddress(task, 'to');
  const facts = taskFacts(task);
  const description = task.description.trim();
  const hiddenAddresses = task.view === 'public' || task.from_address === null;
  const admin = viewer?.role === 'admin';
  const timing = schedule(task);
  const carrierList = useCarrierListLabel(task.assigned_carrier_id, admin && task.view === 'full');
  // The assigned carrier's contact details, which the service gives the owner and an admin once a carrier is assigned
  // (the carrier has no use for their own).
  const carrierContact = task.assigned_carrier_id !== null && viewer?.id !== task.assigned_carrier_id ? task.assigned_carrier : null;

  return (
    <div className="task-details">
      <div className="task-details__main">
        <section className="task-section" aria-labelledby="task-route-title">
          <h2 id="task-route-title" className="task-section__title">
            Rute
          </h2>
          <dl className="task-route">
            <div className="task-route__stop">
              <dt>Afhentning</dt>
              <dd>{from}</dd>
            </div>
            <div className="task-route__stop">
              <dt>Levering</dt>
              <dd>{to}</dd>
            </div>
          </dl>
          {hiddenAddresses && (
            <p className="fb-muted task-route__note">
              Kun postnummer og by vises.
              {/* Only a carrier can still be given the task; another customer never sees the full address. */}
              {viewer?.role !== 'customer' && task.assigned_carrier_id === null && ' Den fulde adresse vises, når opgaven er tildelt.'}
            </p>
          )}
          <TaskRouteMap task={task} from={from} to={to} />
        </section>

        <section className="task-section" aria-labelledby="task-description-title">
          <h2 id="task-description-title" className="task-section__title">
            Beskrivelse
          </h2>
          {description ? <p className="task-description">{description}</p> : <p className="fb-muted">Ingen beskrivelse</p>}
          {facts.length > 0 && (
            <dl className="task-facts">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>

        <TaskPhotos
          task={task}
          manages={managesPhotos(task, viewer)}
          unlocked={isBeforeAcceptance(task)}
          onSaved={onChanged}
          upload={upload}
          prepare={prepare}
        />
        <TaskReview task={task} viewer={viewer} />
        <TaskDeletionRequests task={task} viewer={viewer} />
      </div>

      <aside className="task-details__aside">
        <section className="task-aside-card" aria-labelledby="task-info-title">
          <h2 id="task-info-title" className="task-section__title">
            Oplysninger
          </h2>
          <dl className="task-info">
            <div>
              <dt>Oprettet</dt>
              <dd>{formatDateTime(task.created_at)}</dd>
            </div>
            {task.view === 'full' && (
              <div>
                <dt>Tildelt vognmand</dt>
                <dd>
                  {task.assigned_carrier_id === null ? (
                    assignedCarrierText(task)
                  ) : (
                    <Link to={carrierPath(task.assigned_carrier_id)}>{assignedCarrierText(task)}</Link>
                  )}
                </dd>
              </div>
            )}
            {carrierContact?.phone && (
              <div>
                <dt>Vognmandens telefon</dt>
                <dd>
                  <a href={`tel:${carrierContact.phone.replace(/[^\d+]/g, '')}`}>{carrierContact.phone}</a>
                </dd>
              </div>
            )}
            {carrierContact?.email && (
              <div>
                <dt>Vognmandens e-mail</dt>
                <dd>
                  <a href={`mailto:${carrierContact.email}`}>{carrierContact.email}</a>
                </dd>
              </div>
            )}
            {admin && task.assigned_carrier_id !== null && carrierList.data && (
              <div>
                <dt>Vognmandsliste</dt>
                <dd>{carrierList.data}</dd>
              </div>
            )}
            <div>
              <dt>Bud</dt>
              <dd>{task.bid_count}</dd>
            </div>
            {viewer?.role !== 'carrier' && (
              <div>
                <dt>Laveste bud</dt>
                <dd>{formatDkkFromKroner(task.lowest_bid)}</dd>
              </div>
            )}
            {task.preferred_pickup_date && (
              <div>
                <dt>Ønsket afhentning</dt>
                <dd>{formatDate(task.preferred_pickup_date)}</dd>
              </div>
            )}
            {task.preferred_delivery_date && (
              <div>
                <dt>Ønsket levering</dt>
                <dd>{formatDate(task.preferred_delivery_date)}</dd>
              </div>
            )}
            {timing && (
              <div>
                <dt>Tidsrum</dt>
                <dd>{timing}</dd>
              </div>
            )}
            {task.contact_email && (
              <div>
                <dt>Kontakt-e-mail</dt>
                <dd>{task.contact_email}</dd>
              </div>
            )}
            {task.contact_phone && (
              <div>
                <dt>Kontakttelefon</dt>
                <dd>{task.contact_phone}</dd>
              </div>
            )}
            {admin && task.is_guest && (
              <div>
                <dt>Oprettet af</dt>
                <dd>Gæst</dd>
              </div>
            )}
          </dl>
          {admin && (
            <Link className="task-info__link" to={`/AdminDashboard?tab=ledger&taskId=${task.id}`}>
              Se opgaven i ledger
            </Link>
          )}
        </section>
        <TaskActionPanel task={task} viewer={viewer} onChanged={onChanged} />
      </aside>
    </div>
  );
}

/** The assigned carrier by name (and company), from the task's projection of identity; never a number. */
function assignedCarrierText(task: Pick<Task, 'assigned_carrier_id' | 'assigned_carrier'>): string {
  if (task.assigned_carrier_id === null) return 'Ikke tildelt endnu';
  const carrier = task.assigned_carrier;
  if (!carrier) return 'Se vognmandens profil';
  return carrier.company ? `${carrier.name} (${carrier.company})` : carrier.name;
}
