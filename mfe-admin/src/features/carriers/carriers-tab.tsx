import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, EmptyState, ErrorState, Spinner, displayName, formatDate, type User } from '@fragtbud/web';
import { messages } from '@fragtbud/contracts';
import { useUserAction, useUsers, type UserAction } from '../../shared/api/admin-users-api';
import { CARRIER_LIST_MESSAGES, CarrierListPicker, carrierListLabel, useCarrierListing, useChangeCarrierList } from '../carrier-lists';
import { adminActionError } from '../../shared/action-error';
import { carrierState, type CarrierState } from '../../shared/user-status';
import { CarrierInsurance } from './carrier-insurance';

const GROUPS: ReadonlyArray<{ state: CarrierState; title: string; empty: string }> = [
  { state: 'pending', title: 'Afventer godkendelse', empty: 'Ingen vognmænd afventer godkendelse.' },
  { state: 'approved', title: 'Godkendte vognmænd', empty: 'Ingen godkendte vognmænd endnu.' },
  { state: 'blocked', title: 'Blokerede vognmænd', empty: 'Ingen blokerede vognmænd.' },
];

/** Buttons per approval state (spec section 6: approve, reject, block, unblock). */
const ACTIONS: Record<CarrierState, ReadonlyArray<{ action: UserAction; label: string; variant: 'primary' | 'secondary' | 'ghost' }>> = {
  pending: [
    { action: 'approve', label: 'Godkend', variant: 'primary' },
    { action: 'reject', label: 'Afvis', variant: 'secondary' },
    { action: 'block', label: 'Bloker', variant: 'ghost' },
  ],
  approved: [
    { action: 'reject', label: 'Tilbagekald godkendelse', variant: 'secondary' },
    { action: 'block', label: 'Bloker', variant: 'ghost' },
  ],
  blocked: [{ action: 'unblock', label: 'Fjern blokering', variant: 'secondary' }],
};

const ACTION_NOTICES: Record<UserAction, (name: string) => string> = {
  approve: (name) => `${name} er godkendt.`,
  reject: (name) => `${name} er afvist.`,
  block: (name) => `${name} er blokeret.`,
  unblock: (name) => `Blokeringen af ${name} er fjernet.`,
};

type ListState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; carriers: User[] };

export function CarriersTab({ onCountsChanged }: { onCountsChanged: () => void }) {
  const carriers = useUsers('carrier');
  const list: ListState = carriers.data ? { kind: 'loaded', carriers: carriers.data } : carriers.error ? { kind: 'failed' } : { kind: 'loading' };
  const userAction = useUserAction();
  const changeCarrierList = useChangeCarrierList();
  const busy = userAction.isPending ? (userAction.variables ?? null) : null;
  const listBusyUserId = changeCarrierList.isPending ? (changeCarrierList.variables?.userId ?? null) : null;
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const carrierIds = list.kind === 'loaded' ? list.carriers.map((carrier) => carrier.id) : [];
  const listing = useCarrierListing(carrierIds);

  const run = (carrier: User, action: UserAction) => {
    setActionError(null);
    setNotice(null);
    userAction.mutate(
      { userId: carrier.id, action },
      {
        onSuccess: (updated) => {
          setNotice(ACTION_NOTICES[action](displayName(updated)));
          onCountsChanged();
        },
        onError: (error) => setActionError(adminActionError(error, messages.couldNotPerformAction)),
      },
    );
  };

  /** Puts the carrier on a list A/B/C (POST, moving them off another) or takes them off (DELETE). */
  const changeList = (carrier: User, listId: number | null) => {
    const current = listing.data?.assignments.find((assignment) => assignment.userId === carrier.id);
    if ((current?.listId ?? null) === listId) return;
    const previousList = current ? carrierListLabel(current.list) : null;
    setActionError(null);
    setNotice(null);
    changeCarrierList.mutate(
      { userId: carrier.id, listId, assignmentId: current?.id ?? null },
      {
        onSuccess: (assignment) =>
          setNotice(
            assignment
              ? `${displayName(carrier)} er sat på liste ${carrierListLabel(assignment.list)}.`
              : `${displayName(carrier)} er taget af liste ${previousList}.`,
          ),
        onError: (error) => setActionError(adminActionError(error, CARRIER_LIST_MESSAGES.couldNotUpdate)),
      },
    );
  };

  return (
    <section aria-labelledby="carriers-tab-title" className="fb-stack">
      <h2 id="carriers-tab-title" className="admin-panel__title">
        Carrier-godkendelse
      </h2>
      {actionError && (
        <p className="fb-form-error" role="alert">
          {actionError}
        </p>
      )}
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {list.kind === 'loading' && <Spinner label="Henter vognmænd…" />}
      {list.kind === 'failed' && <ErrorState message={messages.couldNotFetchCarriers} onRetry={() => void carriers.refetch()} />}
      {list.kind === 'loaded' && Boolean(listing.error) && (
        <ErrorState message={CARRIER_LIST_MESSAGES.couldNotFetch} onRetry={() => void listing.refetch()} compact />
      )}
      {list.kind === 'loaded' &&
        GROUPS.map((group) => {
          const carriers = list.carriers.filter((carrier) => carrierState(carrier) === group.state);
          const headingId = `carriers-${group.state}-title`;
          return (
            <section key={group.state} className="carrier-group" aria-labelledby={headingId}>
              <h3 id={headingId} className="carrier-group__title">
                {group.title} <span className="carrier-group__count">({carriers.length})</span>
              </h3>
              {carriers.length === 0 ? (
                <EmptyState title={group.empty} />
              ) : (
                <ul className="carrier-list">
                  {carriers.map((carrier) => (
                    <li key={carrier.id} className="carrier-card" aria-label={displayName(carrier)}>
                      <div className="carrier-card__info">
                        <p className="carrier-card__name">
                          <Link to={`/carrier/${carrier.id}`}>{displayName(carrier)}</Link>
                        </p>
                        {carrier.company && <p className="carrier-card__company">{carrier.company}</p>}
                        <p className="carrier-card__meta">
                          <a href={`mailto:${carrier.email}`}>{carrier.email}</a>
                          {carrier.phone && <> · {carrier.phone}</>}
                          {carrier.cvrNumber ? <> · CVR {carrier.cvrNumber}</> : <> · CVR ikke oplyst</>}
                          {carrier.createdAt && <> · Oprettet {formatDate(carrier.createdAt)}</>}
                        </p>
                        <CarrierInsurance carrierId={carrier.id} initiallyOpen={group.state === 'pending'} />
                      </div>
                      {listing.data && (
                        <CarrierListPicker
                          lists={listing.data.lists}
                          assignment={listing.data.assignments.find((assignment) => assignment.userId === carrier.id)}
                          busy={listBusyUserId === carrier.id}
                          disabled={listBusyUserId !== null}
                          onChange={(listId) => changeList(carrier, listId)}
                        />
                      )}
                      <div className="admin-actions">
                        {ACTIONS[group.state].map(({ action, label, variant }) => (
                          <Button
                            key={action}
                            size="small"
                            variant={variant}
                            loading={busy?.userId === carrier.id && busy.action === action}
                            disabled={busy !== null}
                            onClick={() => run(carrier, action)}
                          >
                            {label}
                          </Button>
                        ))}
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
    </section>
  );
}
