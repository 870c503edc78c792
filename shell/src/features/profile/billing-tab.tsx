import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { billingCountries, billingInfoBodySchema, messages, type BillingInfo, type BillingInfoBody } from '@fragtbud/contracts';
import { Button, companyQueryOptions, ErrorState, Field, isApiError, SelectField, Spinner, type Role } from '@fragtbud/web';
import { fieldError, useContractForm } from '@fragtbud/web/forms';
import { FormMessage } from '../../layout/auth-card';
import { useBilling } from './api/get-billing';
import { useOwnBillingChange } from './api/get-billing-change';
import { useRequestBillingChange } from './api/request-billing-change';
import { useSaveBilling } from './api/save-billing';

const statusLabels = { pending: 'Afventer godkendelse', approved: 'Godkendt', rejected: 'Afvist' } as const;
const emptyBilling: Record<keyof BillingInfo, string> = { company: '', cvrNumber: '', address: '', postalCode: '', city: '', country: 'Danmark' };

/** Billing tab: customers save directly; carriers submit a change for an admin's approval and see its status. */
export function BillingTab({ role }: { role: Role }) {
  const client = useQueryClient();
  const billing = useBilling();
  const change = useOwnBillingChange(role === 'carrier');
  const save = useSaveBilling();
  const requestChange = useRequestBillingChange();
  const form = useContractForm(billingInfoBodySchema, { mode: 'onSubmit', defaultValues: emptyBilling });
  const cvrNumber = String(form.watch('cvrNumber') ?? '');
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [lookingUp, setLookingUp] = useState(false);

  // While a carrier's change awaits approval, the form shows what they sent (not the old details), so a reload
  // does not look as if their input was lost.
  const pendingChange = change.data?.change?.status === 'pending' ? change.data.change.data : undefined;
  useEffect(() => {
    const loaded = pendingChange ?? billing.data?.billing;
    if (loaded) form.reset(Object.fromEntries(Object.entries(emptyBilling).map(([key, fallback]) => [key, loaded[key as keyof BillingInfo] ?? fallback])) as typeof emptyBilling);
  }, [billing.data, pendingChange, form]);
  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 5_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const lookUp = async () => {
    if (!cvrNumber.trim()) return;
    setLookingUp(true);
    form.clearErrors();
    try {
      const company = await client.fetchQuery(companyQueryOptions(cvrNumber.trim()));
      for (const [key, value] of [['company', company.name], ['address', company.address], ['postalCode', company.postalCode], ['city', company.city]] as const) {
        form.setValue(key, value ?? '');
      }
    } catch (caught) {
      form.setError('cvrNumber', { message: isApiError(caught) && caught.status !== 401 ? caught.message : messages.cvrNotFound });
    } finally {
      setLookingUp(false);
    }
  };

  const refused = () => setOutcome({ kind: 'error', text: messages.formHasErrors });
  const submit = async (values: BillingInfoBody) => {
    setOutcome(null);
    try {
      if (role === 'carrier') {
        await requestChange.mutateAsync(values);
        setOutcome({ kind: 'success', text: messages.billingChangeSent });
      } else {
        await save.mutateAsync(values);
        setOutcome({ kind: 'success', text: messages.billingSaved });
      }
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : messages.profileSaveFailed });
    }
  };

  if (billing.isFetching && !billing.data) return <Spinner />;
  if (billing.error) return <ErrorState message={isApiError(billing.error) ? billing.error.message : messages.somethingWentWrong} onRetry={() => void billing.refetch()} />;

  return (
    <form className="fb-card fb-stack" onSubmit={form.handleSubmit(submit, refused)} noValidate aria-label="Faktureringsoplysninger">
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Firma" {...form.register('company')} error={fieldError(form, 'company')} />
      <Field label="CVR-nummer" inputMode="numeric" {...form.register('cvrNumber')} error={fieldError(form, 'cvrNumber')} />
      <Button type="button" variant="secondary" loading={lookingUp} disabled={!cvrNumber.trim()} onClick={() => void lookUp()}>
        Slå op
      </Button>
      <Field label="Adresse" {...form.register('address')} error={fieldError(form, 'address')} />
      <Field label="Postnummer" inputMode="numeric" {...form.register('postalCode')} error={fieldError(form, 'postalCode')} />
      <Field label="By" {...form.register('city')} error={fieldError(form, 'city')} />
      <SelectField label="Land" {...form.register('country')} error={fieldError(form, 'country')}>
        {billingCountries.map((country) => (
          <option key={country} value={country}>
            {country}
          </option>
        ))}
      </SelectField>
      <div>
        <Button type="submit" loading={save.isPending || requestChange.isPending}>
          {role === 'carrier' ? 'Send til godkendelse' : 'Gem'}
        </Button>{' '}
        {change.data?.change && <span className="fb-muted">Seneste ændring: {statusLabels[change.data.change.status]}</span>}
      </div>
    </form>
  );
}
