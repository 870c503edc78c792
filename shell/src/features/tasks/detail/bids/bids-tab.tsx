import { useState } from 'react';
import type { CarrierBid, Task } from '@fragtbud/contracts';
import {
  BidsTable,
  EmptyState,
  ErrorState,
  Field,
  SelectField,
  Spinner,
  BID_SORT_LABELS,
  filterBids,
  sortBids,
  type AdminBidsProps,
  type BidSort,
  type BidPanelProps,
  type CarrierBidsProps,
  type ChooseBidProps,
  type User,
} from '@fragtbud/web';
import { RemoteApp } from '../../../../remotes/remote-app';
import { isTaskOwner } from '../task-access';
import { OwnerPayPanel } from '../owner-pay-panel';
import { useRefreshTask } from '../../api/task-cache';
import { useTaskBids } from './list-task-bids';
import { useBidCarriers } from './list-bid-carriers';
import { BidCount } from './bid-count';
import './bids-tab.css';

export const BIDS_LOAD_ERROR = 'Kunne ikke hente bud';

interface BidsTabProps {
  task: Task;
  viewer: Pick<User, 'id' | 'role'> | null;
}

/**
 * The bids tab (spec section 2): the count in force ('2/5'), a filter box, the order (price or the carrier's rating) and
 * the table with each carrier's public profile summary (one GET /carriers for the whole table), the prices as svc-bids
 * cut them for the viewer. The role's own piece comes from its remote, loaded only for that role: a carrier gets
 * mfe_carrier's `./BidPanel` (bid button and modal) and `./CarrierBids` (their own bids, 'Ret bud'), the task's owner
 * mfe_customer's `./ChooseBid` (choose, reject), an admin mfe_admin's `./AdminBids` (every bid with its breakdown;
 * choose, reject).
 */
export function BidsTab({ task, viewer }: BidsTabProps) {
  const role = viewer?.role ?? null;
  const owner = isTaskOwner(task, viewer);
  const mayList = role === 'admin' || role === 'carrier' || owner;
  const { data, error, isFetching, refetch } = useTaskBids(mayList ? task.id : null);
  const refreshTask = useRefreshTask();
  const reload = () => void refetch();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<BidSort>('price');
  const { data: carriers } = useBidCarriers(data?.items ?? []);

  if (!mayList) {
    return <EmptyState title="Buddene vises kun for opgavens ejer" message="Du kan se bud på de opgaver, du selv har oprettet." />;
  }

  // A bid placed, chosen or rejected: the task (status, lowest bid, count) and its bids are asked for again.
  const refresh = () => refreshTask(task.id);
  const bids = data?.items ?? [];
  const visible = sortBids(filterBids(bids, filter), sort, carriers);
  const bidding = data?.bidding ?? null;
  const taskRef = { id: task.id, status: bidding?.status ?? task.status };
  const ownBid = bids.find((bid): bid is CarrierBid => bid.view === 'carrier' && bid.carrier_id === viewer?.id) ?? null;

  // The filter is the shell's, for every role: when it hides every bid, the shell says so itself.
  const noMatch = bids.length > 0 && visible.length === 0 ? <p className="fb-muted">Ingen bud matcher filteret.</p> : null;

  let list;
  if (!data) {
    list = error ? (
      <ErrorState message={BIDS_LOAD_ERROR} onRetry={reload} />
    ) : (
      <div className="bids-tab__loading">{isFetching && <Spinner label="Henter bud…" />}</div>
    );
  } else if (role === 'carrier') {
    // The carrier's list is mfe_carrier's, with what it says when they have no bid ('Du har ikke budt på opgaven.').
    list = noMatch ?? (
      <RemoteApp<CarrierBidsProps>
        remote="mfe_carrier"
        module="CarrierBids"
        props={{ task: taskRef, bids: visible, carriers }}
        fallback={visible.length > 0 ? <BidsTable viewer="carrier" bids={visible} carriers={carriers} /> : null}
      />
    );
  } else if (bids.length === 0) {
    list = <EmptyState title="Ingen bud endnu" message="Vognmænd kan byde, så længe opgaven er åben for bud." />;
  } else if (role === 'admin') {
    // A chosen bid the filter hides still closes the choice: the remote is told from all of the task's bids.
    list = noMatch ?? (
      <RemoteApp<AdminBidsProps>
        remote="mfe_admin"
        module="AdminBids"
        props={{
          task: taskRef,
          bids: visible,
          anyAccepted: bids.some((bid) => bid.status === 'accepted'),
          carriers,
          onDecided: refresh,
          onBidsStale: refresh,
        }}
        fallback={<BidsTable viewer="admin" bids={visible} carriers={carriers} />}
      />
    );
  } else {
    list = (
      <>
        <RemoteApp<ChooseBidProps>
          remote="mfe_customer"
          module="ChooseBid"
          props={{ task: taskRef, bids: visible, carriers, onDecided: refresh, onBidsStale: refresh }}
          fallback={visible.length > 0 ? <BidsTable viewer="customer" bids={visible} carriers={carriers} /> : null}
        />
        {noMatch}
        {/* Right where the bid was chosen: 'Betal … DKK' (the same panel as among the details tab's actions). */}
        <OwnerPayPanel task={task} viewer={viewer} />
      </>
    );
  }

  return (
    <div className="bids-tab">
      <div className="bids-tab__header">
        <h2 className="task-section__title">Bud på opgaven</h2>
        {bidding && <BidCount bidding={bidding} bids={bids} />}
      </div>
      {role === 'carrier' && data && (
        <RemoteApp<BidPanelProps>
          remote="mfe_carrier"
          module="BidPanel"
          props={{ task: taskRef, bidding, ownBid, onChanged: refresh }}
        />
      )}
      {bids.length > 0 && (
        <div className="bids-tab__controls">
          <Field
            className="bids-tab__filter"
            label="Filtrér bud"
            type="search"
            value={filter}
            placeholder="Vognmand, pris eller status"
            onChange={(event) => setFilter(event.target.value)}
          />
          {bids.length > 1 && (
            <SelectField className="bids-tab__sort" label="Sortér efter" value={sort} onChange={(event) => setSort(event.target.value as BidSort)}>
              {(Object.keys(BID_SORT_LABELS) as BidSort[]).map((key) => (
                <option key={key} value={key}>
                  {BID_SORT_LABELS[key]}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      )}
      {list}
    </div>
  );
}
