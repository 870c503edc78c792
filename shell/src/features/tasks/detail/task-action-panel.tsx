import { Link } from 'react-router-dom';
import { messages, type Task } from '@fragtbud/contracts';
import { useSession, type User } from '@fragtbud/web';
import { useTaskBids } from './bids/list-task-bids';
import { AdminTaskControls } from './admin-task-controls';
import { CarrierDelivery } from './carrier-delivery';
import { OwnerPayPanel } from './owner-pay-panel';
import { canEditTask, isTaskOwner } from './task-access';

interface TaskActionPanelProps {
  task: Task;
  viewer: Pick<User, 'id' | 'role'> | null;
  onChanged: (task: Task) => void;
}

/**
 * A carrier on a task open for bids: where to bid, or — once they have a bid (the same list as the bids tab, shared
 * cache) — that it is in, and that it can be changed there while it is pending ('Ret bud').
 */
function CarrierBidNote({ task, viewerId }: { task: Task; viewerId: number }) {
  const { data, isError } = useTaskBids(task.id);
  const approved = useSession((state) => state.user?.is_approved === true && !state.user.is_blocked);
  if (!data && !isError) return null; // not yet known: no invitation to bid a second time
  const ownBid = data?.items.find((bid) => bid.view === 'carrier' && bid.carrier_id === viewerId);
  // Not invited to bid where the bids tab would refuse: an account awaiting approval, or every slot taken.
  if (!ownBid && !approved) return <p className="fb-muted">{messages.carrierNotApproved}</p>;
  if (!ownBid && data?.bidding?.bidding_open === false) return <p className="fb-muted">{messages.bidLimitReached}</p>;
  if (!ownBid) {
    return (
      <p className="fb-muted">
        Opgaven er åben for bud. <Link to="?tab=bids">Byd på opgaven under fanen Bud</Link>
      </p>
    );
  }
  return (
    <p className="fb-muted">
      Du har afgivet et bud på opgaven.{' '}
      {ownBid.status === 'pending' ? <Link to="?tab=bids">Du kan rette det under fanen Bud.</Link> : <Link to="?tab=bids">Se det under fanen Bud.</Link>}
    </p>
  );
}

/**
 * What the viewer can do with the task: edit it (owner while editable, admin), and the admin's status and delete.
 * Editing is mfe_customer's task wizard (`/create-task?edit=`), the one task editor: it keeps the typed draft across a
 * reload and knows which fields may change in which status.
 */
export function TaskActionPanel({ task, viewer, onChanged }: TaskActionPanelProps) {
  const owner = isTaskOwner(task, viewer);
  const admin = viewer?.role === 'admin';
  const editable = canEditTask(task, viewer);

  return (
    <section className="task-aside-card task-actions" aria-labelledby="task-actions-title">
      <h2 id="task-actions-title" className="task-section__title">
        Handlinger
      </h2>
      {owner && !admin && editable && (
        <div className="task-actions__buttons">
          <Link className="fb-button fb-button--primary" to={`/create-task?edit=${task.id}`}>
            Rediger
          </Link>
        </div>
      )}
      {owner && !admin && !editable && <p className="fb-muted">{messages.taskNoLongerEditable}</p>}
      <OwnerPayPanel task={task} viewer={viewer} />
      {admin && (
        <div className="task-actions__buttons">
          <Link className="fb-button fb-button--secondary" to={`/create-task?edit=${task.id}`}>
            Ret oplysninger
          </Link>
        </div>
      )}
      {viewer?.role === 'carrier' && task.status === 'open_for_bids' && <CarrierBidNote task={task} viewerId={viewer.id} />}
      <CarrierDelivery task={task} viewer={viewer} />
      {admin && <AdminTaskControls task={task} onChanged={onChanged} />}
      <Link className="task-actions__back" to={viewer?.role === 'carrier' || viewer?.role === 'admin' ? '/tasks' : '/BrowseTasks?mine=true'}>
        ← Tilbage til opgaver
      </Link>
    </section>
  );
}
