import { useEffect, useState } from 'react';
import { bankInfoBodySchema, messages } from '@fragtbud/contracts';
import { Button, ErrorState, Field, FormMessage, isApiError, Spinner, useSession } from '@fragtbud/web';
import { applyServerFieldErrors, fieldError, useDraftedContractForm } from '@fragtbud/web/forms';
import { useBankInfo } from './api/get-bank-info';
import { useSaveBankInfo } from './api/save-bank-info';

/**
 * Carriers' bank details: reg.nr. 4 digits, account up to 10 digits (the contract schema the service parses with).
 * What was typed is kept as a draft in this tab's sessionStorage (per user) until it is saved, so a session that ran
 * out meanwhile (the page asks to log in again) or a reload does not lose it.
 */
export function BankPanel() {
  const userId = useSession((state) => state.user?.id ?? 0);
  const bank = useBankInfo();

  if (bank.isFetching && !bank.data) return <Spinner />;
  if (bank.error) return <ErrorState message={isApiError(bank.error) ? bank.error.message : messages.somethingWentWrong} onRetry={() => void bank.refetch()} />;
  const saved = { bankReg: bank.data?.bankReg ?? '', bankAccount: bank.data?.bankAccount ?? '' };
  // A new form per user: one carrier's draft never shows in another's.
  return <BankForm key={userId} userId={userId} saved={saved} />;
}

function BankForm({ userId, saved }: { userId: number; saved: { bankReg: string; bankAccount: string } }) {
  const save = useSaveBankInfo();
  const { form, clearDraft } = useDraftedContractForm(bankInfoBodySchema, `fragtbud:bank-draft:${userId}`, saved);
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 3_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = form.handleSubmit(async (body) => {
    if (save.isPending) return;
    setOutcome(null);
    try {
      await save.mutateAsync(body);
      form.reset(body); // the form now shows the saved details, as the service stored them
      clearDraft();
      setOutcome({ kind: 'success', text: messages.bankUpdated });
    } catch (caught) {
      if (applyServerFieldErrors(form, caught)) return;
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : messages.bankUpdateFailed });
    }
  });

  return (
    <form className="fb-card fb-stack" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Bankoplysninger">
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Reg.nr." inputMode="numeric" {...form.register('bankReg')} error={fieldError(form, 'bankReg')} />
      <Field label="Kontonummer" inputMode="numeric" {...form.register('bankAccount')} error={fieldError(form, 'bankAccount')} />
      <Button type="submit" loading={save.isPending}>
        Gem bankoplysninger
      </Button>
    </form>
  );
}
