import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messages, roleLabels, type AdminDeletionRequest } from '@fragtbud/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, SelectField, Spinner, TableScroll, formatDateTime, isApiError, taskStatusLabel } from '@fragtbud/web';
import { useDeletionRequests, type DeletionRequestStatus } from './api/list-deletion-requests';
import { useResolveDeletionRequest, type DeletionDecision } from './api/resolve-deletion-request';

const STATUS_OPTIONS: ReadonlyArray<{ value: DeletionRequestStatus; label: string }> = [
  { value: 'pending', label: 'Afventer' },
  { value: 'approved', label: 'Godkendte' },
  { value: 'rejected', label: 'Afviste' },
];

const FAILURE: Record<DeletionDecision, string> = { approve: 'Kunne ikke godkende anmodning', reject: 'Kunne ikke afvise anmodning' };

/** 'Sletteanmodninger': customers' and carriers' requests to delete a task; approving cancels the task (and refunds a paid one). */
export function DeletionRequestsTab() {
  const [status, setStatus] = useState<DeletionRequestStatus>('pending');
  const requests = useDeletionRequests(status);
  const resolve = useResolveDeletionRequest();
  const [approving, setApproving] = useState<AdminDeletionRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const decide = async (request: AdminDeletionRequest, action: DeletionDecision) => {
    setNotice(null);
    setError(null);
    try {
      const answer = await resolve.mutateAsync({ request, action });
      setNotice(answer.message || (action === 'approve' ? messages.deletionRequestApproved : messages.deletionRequestRejected));
    } catch (caught) {
      setError(isApiError(caught) && caught.status > 0 && caught.status < 500 ? caught.message : FAILURE[action]);
    }
  };

  const items = requests.data?.items ?? [];
  return (
    <section className="fb-stack" aria-labelledby="deletion-requests-title">
      <h2 id="deletion-requests-title" className="admin-panel__title">
        Anmodninger om sletning
      </h2>
      <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as DeletionRequestStatus)}>
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {error && (
        <p className="fb-form-error" role="alert">
          {error}
        </p>
      )}
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {requests.error ? (
        <ErrorState message="Kunne ikke hente anmodninger" onRetry={() => void requests.refetch()} />
      ) : requests.isPending ? (
        <Spinner label="Henter anmodninger …" />
      ) : items.length === 0 ? (
        <EmptyState title="Ingen anmodninger" message={status === 'pending' ? 'Ingen anmodninger om sletning afventer behandling.' : 'Ingen anmodninger med denne status.'} />
      ) : (
        <TableScroll label="Anmodninger om sletning">
          <table className="fb-table admin-table">
            <thead>
              <tr>
                <th scope="col">Opgave</th>
                <th scope="col">Anmodet af</th>
                <th scope="col">Begrundelse</th>
                <th scope="col">Oprettet</th>
                <th scope="col">{status === 'pending' ? <span className="fb-visually-hidden">Handlinger</span> : 'Behandlet'}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((request) => (
                <tr key={request.id}>
                  <th scope="row" className="admin-table__name">
                    <Link to={`/task/${request.taskId}`}>{request.taskTitle}</Link>
                    <span className="admin-table__sub">
                      #{request.taskId} · {taskStatusLabel(request.taskStatus)}
                    </span>
                  </th>
                  <td>
                    {request.requester.name ?? (request.requester.role === 'carrier' ? 'Vognmand (navn ukendt)' : 'Kunde (navn ukendt)')}
                    <span className="admin-table__sub">{roleLabels[request.requester.role]}</span>
                  </td>
                  <td>{request.reason ?? '–'}</td>
                  <td>{formatDateTime(request.createdAt)}</td>
                  <td className="admin-table__actions">
                    {request.status === 'pending' ? (
                      <div className="admin-actions">
                        <Button size="small" disabled={resolve.isPending} onClick={() => setApproving(request)}>
                          Godkend
                        </Button>
                        <Button size="small" variant="secondary" disabled={resolve.isPending} onClick={() => void decide(request, 'reject')}>
                          Afvis
                        </Button>
                      </div>
                    ) : request.resolvedAt ? (
                      formatDateTime(request.resolvedAt)
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <ConfirmDialog
        open={approving !== null}
        title={approving ? `Godkend sletning af opgave #${approving.taskId}?` : ''}
        confirmLabel="Godkend og annullér opgaven"
        busy={resolve.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={() => (approving ? decide(approving, 'approve').finally(() => setApproving(null)) : Promise.resolve())}
      >
        <p>
          {approving?.taskTitle}: opgaven annulleres. Er den betalt, refunderes betalingen til kundens kort. Det kan ikke fortrydes.
        </p>
      </ConfirmDialog>
    </section>
  );
}
