import { useState } from 'react';
import { ErrorState, Spinner, formatDate } from '@fragtbud/web';
import { useCarrierInsurance } from './carrier-insurance-api';

/**
 * The carrier's insurance as the admin reviews it (issue 11): each document with a link to it, its expiry date and an
 * 'Udløbet' badge when expired. Open from the start for carriers awaiting approval; others open it on demand.
 */
export function CarrierInsurance({ carrierId, initiallyOpen }: { carrierId: number; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const insurance = useCarrierInsurance(carrierId, open);

  let content;
  if (insurance.isPending) content = <Spinner label="Henter forsikring…" />;
  else if (insurance.isError) content = <ErrorState message="Kunne ikke hente forsikring." onRetry={() => void insurance.refetch()} compact />;
  else if (insurance.data.length === 0) content = <p className="fb-muted">Ingen forsikring uploadet.</p>;
  else
    content = (
      <ul className="carrier-insurance__list">
        {insurance.data.map((record) => (
          <li key={record.id} className="carrier-insurance__item">
            <a href={record.file_url} target="_blank" rel="noreferrer">
              Forsikringsbevis
            </a>
            <span>{record.expires_at ? `Udløber ${formatDate(record.expires_at)}` : 'Ingen udløbsdato'}</span>
            {record.expired && <span className="fb-badge fb-badge--danger">Udløbet</span>}
            {record.notes && <span className="fb-muted">{record.notes}</span>}
          </li>
        ))}
      </ul>
    );

  return (
    <details className="carrier-insurance" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Forsikring</summary>
      {open && content}
    </details>
  );
}
