import { useState } from 'react';
import { z } from 'zod';
import { insuranceCreateBodySchema, messages } from '@fragtbud/contracts';
import { Button, ErrorState, Field, formatDate, FormMessage, isApiError, Spinner } from '@fragtbud/web';
import { fieldError, useContractForm } from '@fragtbud/web/forms';
import { useAddInsurance } from './api/add-insurance';
import { useOwnInsurance } from './api/get-insurance';

/**
 * The form: the certificate file (the browser's file list; uploaded first, its address is what the service gets),
 * then the contract's own expiry date and notes, so the browser answers as POST /users/insurance would.
 */
const insuranceFormSchema = z.object({
  file: z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList && value.length > 0, { error: messages.insuranceFileRequired })
    .transform((list) => list.item(0) as File),
  expires_at: insuranceCreateBodySchema.shape.expires_at,
  notes: insuranceCreateBodySchema.shape.notes,
});

/** Carriers' insurance certificates: upload a PDF or image with expiry date and notes. */
export function InsurancePanel() {
  const records = useOwnInsurance();
  const add = useAddInsurance();
  const form = useContractForm(insuranceFormSchema, { mode: 'onSubmit', defaultValues: { expires_at: '', notes: '' } });
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const refused = (errors: { file?: { message?: string } }) =>
    setOutcome({ kind: 'error', text: errors.file?.message ?? messages.formHasErrors });
  const submit = async (values: z.output<typeof insuranceFormSchema>) => {
    setOutcome(null);
    try {
      await add.mutateAsync({ file: values.file, expiresAt: values.expires_at ?? '', notes: values.notes ?? '' });
      // Emptied, the file field too, or it would still name the saved file.
      form.reset();
      setOutcome({ kind: 'success', text: 'Forsikring gemt' });
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : 'Kunne ikke uploade/gemme forsikring.' });
    }
  };

  return (
    <div className="fb-stack">
      <form className="fb-card fb-stack" onSubmit={form.handleSubmit(submit, refused)} noValidate aria-label="Forsikring">
        {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
        <Field label="Forsikringsbevis (PDF eller billede)" type="file" accept="application/pdf,image/*" {...form.register('file')} error={fieldError(form, 'file')} />
        <Field label="Udløbsdato" type="date" {...form.register('expires_at')} error={fieldError(form, 'expires_at')} />
        <Field label="Noter" {...form.register('notes')} error={fieldError(form, 'notes')} />
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
