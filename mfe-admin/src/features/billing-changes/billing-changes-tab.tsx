import { useState } from 'react';
import { messages, type BillingChange } from '@fragtbud/contracts';
import { Button, EmptyState, ErrorState, formatDateTime, isApiError, SelectField, Spinner } from '@fragtbud/web';
import { useUser } from '../../shared/api/admin-users-api';
import { useDecideBillingChange, type BillingDecision } from './api/decide-billing-change';
import { useBillingChanges, type BillingChangeFilter as StatusFilter } from './api/list-billing-changes';

const STATUS_LABELS: Record<BillingChange['status'], string> = { pending: 'Afventer', approved: 'Godkendt', rejected: 'Afvist' };
const FIELD_LABELS: Array<[keyof BillingChange['data'], string]> = [
  ['company', 'Firma'],
  ['cvrNumber', 'CVR'],
  ['address', 'Adresse'],
  ['postalCode', 'Postnummer'],
  ['city', 'By'],
  ['country', 'Land'],
];

/**
 * The requested values; while the change waits, each value that differs from the carrier's current one says what it
 * replaces ('Nu: …'), so the admin sees what approving changes.
 */
function ChangedValues({ change }: { change: BillingChange }) {
  const current = useUser(change.status === 'pending' ? change.user_id : null).data;
  return (
    <dl className="details-list">
      {FIELD_LABELS.map(([key, label]) => {
        const now = current ? (current[key] ?? null) : undefined;
        const requested = change.data[key] ?? null;
        return (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {requested ?? '–'}
              {now !== undefined && (now || null) !== (requested || null) && <span className="admin-table__sub">Nu: {now || '–'}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** 'Fakturaændringer': carriers' billing change requests; approving makes the values the carrier's billing details, and says so. */
export function BillingChangesTab() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const changes = useBillingChanges(status);
  const decideChange = useDecideBillingChange();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const decide = async (change: BillingChange, decision: BillingDecision) => {
    setBusy(change.id);
    setError(null);
    setNotice(null);
    try {
      await decideChange.mutateAsync({ change, decision });
      setNotice(decision === 'approve' ? messages.billingChangeApproved : messages.billingChangeRejected);
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : decision === 'approve' ? 'Kunne ikke godkende' : 'Kunne ikke afvise');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="fb-stack" aria-labelledby="billing-changes-title">
      <h2 id="billing-changes-title">Fakturaændringer</h2>
      <SelectField label="Status" name="status" value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
        <option value="pending">Afventer</option>
        <option value="approved">Godkendte</option>
        <option value="rejected">Afviste</option>
        <option value="">Alle</option>
      </SelectField>
      {error && (
        <p className="fb-form-error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {changes.isFetching && !changes.data ? (
        <Spinner />
      ) : changes.error ? (
        <ErrorState message="Kunne ikke hente ændringer" onRetry={() => void changes.refetch()} />
      ) : !changes.data?.items.length ? (
        <EmptyState title="Ingen ændringer." />
      ) : (
        <ul className="fb-stack" aria-label="Ændringer">
          {changes.data.items.map((change) => (
            <li key={change.id} className="fb-card fb-stack">
              <strong>
                {change.user?.name ?? 'Ukendt bruger'} {change.user?.company ? `(${change.user.company})` : ''}
              </strong>
              <span className="fb-muted">
                {formatDateTime(change.created_at)} · {STATUS_LABELS[change.status]}
              </span>
              <ChangedValues change={change} />
              {change.status === 'pending' && (
                <div>
                  <Button type="button" loading={busy === change.id} onClick={() => void decide(change, 'approve')}>
                    Godkend
                  </Button>{' '}
                  <Button type="button" variant="secondary" disabled={busy === change.id} onClick={() => void decide(change, 'reject')}>
                    Afvis
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
