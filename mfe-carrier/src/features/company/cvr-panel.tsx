import { EmptyState, ErrorState, isApiError, Spinner } from '@fragtbud/web';
import { useBilling, useOwnBillingChange } from './api/get-billing';
import { useCompany } from './api/look-up-company';

/**
 * The carrier's CVR tab (spec 2, profile): the company as registered in the CVR register, looked up from the CVR
 * number on the carrier's billing details. Changing the number goes through the billing tab (an admin approves it).
 */
export function CvrPanel() {
  const billing = useBilling();
  const cvrNumber = billing.data?.billing.cvrNumber?.trim() || null;
  const company = useCompany(cvrNumber);
  const change = useOwnBillingChange().data?.change;
  // A number sent with a billing change that an admin has not approved yet: said so, not 'no number given'.
  const awaitingCvr = change?.status === 'pending' ? change.data.cvrNumber?.trim() || null : null;
  const awaitingNote = awaitingCvr && awaitingCvr !== cvrNumber ? `CVR-nummer ${awaitingCvr} afventer godkendelse af en administrator.` : null;

  if (billing.isPending) return <Spinner label="Henter CVR-oplysninger" />;
  if (billing.isError) return <ErrorState message="Kunne ikke hente data" onRetry={() => void billing.refetch()} />;
  if (!cvrNumber && awaitingNote) return <EmptyState title={awaitingNote} message="Virksomheden vises her, når ændringen er godkendt." />;
  if (!cvrNumber) {
    return <EmptyState title="Du har ikke angivet et CVR-nummer endnu." message="Angiv det under Fakturering; en administrator godkender ændringen." />;
  }
  return (
    <section className="fb-card profile-card" aria-labelledby="cvr-title">
      <h2 id="cvr-title">Virksomhed i CVR</h2>
      <dl className="details-list">
        <div>
          <dt>CVR-nummer</dt>
          <dd>{cvrNumber}</dd>
        </div>
        {company.isPending && (
          <div>
            <dt>Registreret som</dt>
            <dd>Henter …</dd>
          </div>
        )}
        {company.data && (
          <>
            <div>
              <dt>Registreret som</dt>
              <dd>{company.data.name}</dd>
            </div>
            <div>
              <dt>Adresse</dt>
              <dd>{[company.data.address, [company.data.postalCode, company.data.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '–'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{company.data.status || '–'}</dd>
            </div>
          </>
        )}
      </dl>
      {awaitingNote && (
        <p className="fb-muted" role="status">
          {awaitingNote}
        </p>
      )}
      {company.isError && (
        <p className="fb-muted" role="status">
          {isApiError(company.error) && company.error.status === 404 ? 'Kunne ikke finde CVR-nummer' : 'CVR-registret svarer ikke lige nu. Prøv igen senere.'}
        </p>
      )}
    </section>
  );
}
