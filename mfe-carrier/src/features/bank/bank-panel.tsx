import { useEffect, useState, type FormEvent } from 'react';
import { bankInfoBodySchema, messages } from '@fragtbud/contracts';
import { Button, ErrorState, Field, fieldErrorsFromZod, FormMessage, isApiError, Spinner, useSession, useSessionDraft } from '@fragtbud/web';
import { useBankInfo } from './api/get-bank-info';
import { useSaveBankInfo } from './api/save-bank-info';

interface BankDraft {
  bankReg: string;
  bankAccount: string;
}

function parseDraft(text: string): BankDraft | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<BankDraft>;
    return typeof draft.bankReg === 'string' && typeof draft.bankAccount === 'string' ? { bankReg: draft.bankReg, bankAccount: draft.bankAccount } : null;
  } catch {
    return null;
  }
}

/**
 * Carriers' bank details: reg.nr. 4 digits, account up to 10 digits. What was typed is kept as a draft in this tab's
 * sessionStorage (per user) until it is saved, so a session that ran out meanwhile (the page asks to log in again)
 * or a reload does not lose it.
 */
export function BankPanel() {
  const userId = useSession((state) => state.user?.id ?? 0);
  const bank = useBankInfo();
  const save = useSaveBankInfo();
  const [draftText, setDraftText, clearDraft] = useSessionDraft(`fragtbud:bank-draft:${userId}`);
  const saved = { bankReg: bank.data?.bankReg ?? '', bankAccount: bank.data?.bankAccount ?? '' };
  const form = parseDraft(draftText) ?? saved;
  const setForm = (next: BankDraft) => setDraftText(JSON.stringify(next));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 3_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    const parsed = bankInfoBodySchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      clearDraft(); // the form now shows the saved details
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
