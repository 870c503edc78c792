import { useState, type FormEvent } from 'react';
import { messages } from '@fragtbud/contracts';
import { Button, ErrorState, Field, formatDate, FormMessage, isApiError, Spinner } from '@fragtbud/web';
import { useAddInsurance } from './api/add-insurance';
import { useOwnInsurance } from './api/get-insurance';

/** Carriers' insurance certificates: upload a PDF or image with expiry date and notes. */
export function InsurancePanel() {
  const records = useOwnInsurance();
  const add = useAddInsurance();
  const [file, setFile] = useState<File | null>(null);
  const [expiresAt, setExpiresAt] = useState('');
  const [notes, setNotes] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    if (!file) {
      setOutcome({ kind: 'error', text: messages.insuranceFileRequired });
      return;
    }
    try {
      await add.mutateAsync({ file, expiresAt, notes });
      // The file field is the browser's own: emptied with the form, or it would still name the saved file.
      form.reset();
      setFile(null);
      setExpiresAt('');
      setNotes('');
      setOutcome({ kind: 'success', text: 'Forsikring gemt' });
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : 'Kunne ikke uploade/gemme forsikring.' });
    }
  };

  return (
    <div className="fb-stack">
      <form className="fb-card fb-stack" onSubmit={onSubmit} noValidate aria-label="Forsikring">
        {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
        <Field label="Forsikringsbevis (PDF eller billede)" name="file" type="file" accept="application/pdf,image/*" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <Field label="Udløbsdato" name="expires_at" type="date" value={expiresAt} onChange={(event) => setExpiresAt(event.target.value)} />
        <Field label="Noter" name="notes" value={notes} onChange={(event) => setNotes(event.target.value)} />
        <Button type="submit" loading={add.isPending}>
          Gem forsikring
        </Button>
      </form>
      {records.isFetching && !records.data ? (
        <Spinner />
      ) : records.error ? (
        <ErrorState message="Kunne ikke hente forsikring." onRetry={() => void records.refetch()} />
      ) : (
        <ul className="fb-stack" aria-label="Forsikringer">
          {records.data?.items.map((record) => (
            <li key={record.id} className="fb-card">
              <a href={record.file_url}>Forsikringsbevis</a>
              {record.expires_at ? ` · udløber ${formatDate(record.expires_at)}` : ''}
              {record.expired && <strong> · Udløbet</strong>}
              {record.notes && <p>{record.notes}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
