import { useEffect, useState, type FormEvent } from 'react';
import { bankInfoBodySchema, messages } from '@fragtbud/contracts';
import { Button, ErrorState, Field, fieldErrorsFromZod, isApiError, Spinner } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';
import { useBankInfo } from './api/get-bank-info';
import { useSaveBankInfo } from './api/save-bank-info';

/** Carriers' bank details: reg.nr. 4 digits, account up to 10 digits. */
export function BankTab() {
  const bank = useBankInfo();
  const save = useSaveBankInfo();
  const [form, setForm] = useState({ bankReg: '', bankAccount: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    if (bank.data) setForm({ bankReg: bank.data.bankReg ?? '', bankAccount: bank.data.bankAccount ?? '' });
  }, [bank.data]);
  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 3_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = bankInfoBodySchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setOutcome({ kind: 'success', text: messages.bankUpdated });
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : messages.bankUpdateFailed });
    }
  };

  if (bank.isFetching && !bank.data) return <Spinner />;
  if (bank.error) return <ErrorState message={isApiError(bank.error) ? bank.error.message : messages.somethingWentWrong} onRetry={() => void bank.refetch()} />;
  return (
    <form className="fb-card fb-stack" onSubmit={onSubmit} noValidate aria-label="Bankoplysninger">
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Reg.nr." name="bankReg" inputMode="numeric" value={form.bankReg} onChange={(event) => setForm({ ...form, bankReg: event.target.value })} error={errors.bankReg} />
      <Field label="Kontonummer" name="bankAccount" inputMode="numeric" value={form.bankAccount} onChange={(event) => setForm({ ...form, bankAccount: event.target.value })} error={errors.bankAccount} />
      <Button type="submit" loading={save.isPending}>
        Gem bankoplysninger
      </Button>
    </form>
  );
}
