import { useState } from 'react';
import { messages, type BillingChange } from '@fragtbud/contracts';
import { Button, EmptyState, ErrorState, formatDateTime, isApiError, SelectField, Spinner } from '@fragtbud/web';
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

/** 'Fakturaændringer': carriers' billing change requests; approving makes the values the carrier's billing details, and says so. */
export function BillingChangesTab() {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const changes = useBillingChanges(status);
  const decideChange = useDecideBillingChange(status);
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
              <dl className="details-list">
                {FIELD_LABELS.map(([key, label]) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{change.data[key] ?? '–'}</dd>
                  </div>
                ))}
              </dl>
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
