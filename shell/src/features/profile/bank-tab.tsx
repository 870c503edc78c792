import { useEffect, useState, type FormEvent } from 'react';
import { bankInfoBodySchema, messages } from '@fragtbud/contracts';
import { api, Button, ErrorState, Field, isApiError, Spinner, useApiQuery } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';

interface BankInfo {
  bankReg: string | null;
  bankAccount: string | null;
}

/** Carriers' bank details: reg.nr. 4 digits, account up to 10 digits. */
export function BankTab() {
  const bank = useApiQuery('my-bank', (signal) => api.get<BankInfo>('/users/bank-info', { signal }));
  const [form, setForm] = useState({ bankReg: '', bankAccount: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'note'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (bank.data) setForm({ bankReg: bank.data.bankReg ?? '', bankAccount: bank.data.bankAccount ?? '' });
  }, [bank.data]);
  useEffect(() => {
    if (outcome?.kind !== 'note') return;
    const timer = setTimeout(() => setOutcome(null), 3_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = bankInfoBodySchema.safeParse(form);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await api.put('/users/bank-info', parsed.data, { preferServerMessage: true });
      setOutcome({ kind: 'note', text: messages.bankUpdated });
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : messages.bankUpdateFailed });
    } finally {
      setSaving(false);
    }
  };

  if (bank.loading && !bank.data) return <Spinner />;
  if (bank.error) return <ErrorState message={isApiError(bank.error) ? bank.error.message : messages.somethingWentWrong} onRetry={bank.reload} />;
  return (
    <form className="fb-card fb-stack" onSubmit={onSubmit} noValidate aria-label="Bankoplysninger">
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Reg.nr." name="bankReg" inputMode="numeric" value={form.bankReg} onChange={(event) => setForm({ ...form, bankReg: event.target.value })} error={errors.bankReg} />
      <Field label="Kontonummer" name="bankAccount" inputMode="numeric" value={form.bankAccount} onChange={(event) => setForm({ ...form, bankAccount: event.target.value })} error={errors.bankAccount} />
      <Button type="submit" loading={saving}>
        Gem bankoplysninger
      </Button>
    </form>
  );
}
