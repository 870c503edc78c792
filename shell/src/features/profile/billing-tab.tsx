import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { billingCountries, billingInfoBodySchema, messages, type BillingInfo } from '@fragtbud/contracts';
import { Button, companyQueryOptions, ErrorState, Field, fieldErrorsFromZod, isApiError, SelectField, Spinner, type Role } from '@fragtbud/web';
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
  const [form, setForm] = useState(emptyBilling);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [lookingUp, setLookingUp] = useState(false);

  // While a carrier's change awaits approval, the form shows what they sent (not the old details), so a reload
  // does not look as if their input was lost.
  const pendingChange = change.data?.change?.status === 'pending' ? change.data.change.data : undefined;
  useEffect(() => {
    const loaded = pendingChange ?? billing.data?.billing;
    if (loaded) setForm(Object.fromEntries(Object.entries(emptyBilling).map(([key, fallback]) => [key, loaded[key as keyof BillingInfo] ?? fallback])) as typeof emptyBilling);
  }, [billing.data, pendingChange]);
  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), 5_000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const set = (key: keyof BillingInfo) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  const lookUp = async () => {
    if (!form.cvrNumber.trim()) return;
    setLookingUp(true);
    setErrors({});
    try {
      const company = await client.fetchQuery(companyQueryOptions(form.cvrNumber.trim()));
      setForm({ ...form, company: company.name, address: company.address ?? '', postalCode: company.postalCode ?? '', city: company.city ?? '' });
    } catch (caught) {
      setErrors({ cvrNumber: isApiError(caught) && caught.status !== 401 ? caught.message : messages.cvrNotFound });
    } finally {
      setLookingUp(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = billingInfoBodySchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      setOutcome({ kind: 'error', text: messages.formHasErrors });
      return;
    }
    setErrors({});
    try {
      if (role === 'carrier') {
        await requestChange.mutateAsync(parsed.data);
        setOutcome({ kind: 'success', text: messages.billingChangeSent });
      } else {
        await save.mutateAsync(parsed.data);
        setOutcome({ kind: 'success', text: messages.billingSaved });
      }
    } catch (caught) {
      setOutcome({ kind: 'error', text: isApiError(caught) ? caught.message : messages.profileSaveFailed });
    }
  };

  if (billing.isFetching && !billing.data) return <Spinner />;
  if (billing.error) return <ErrorState message={isApiError(billing.error) ? billing.error.message : messages.somethingWentWrong} onRetry={() => void billing.refetch()} />;

  return (
    <form className="fb-card fb-stack" onSubmit={onSubmit} noValidate aria-label="Faktureringsoplysninger">
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      <Field label="Firma" name="company" value={form.company} onChange={set('company')} error={errors.company} />
      <Field label="CVR-nummer" name="cvrNumber" inputMode="numeric" value={form.cvrNumber} onChange={set('cvrNumber')} error={errors.cvrNumber} />
      <Button type="button" variant="secondary" loading={lookingUp} disabled={!form.cvrNumber.trim()} onClick={() => void lookUp()}>
        Slå op
      </Button>
      <Field label="Adresse" name="address" value={form.address} onChange={set('address')} error={errors.address} />
      <Field label="Postnummer" name="postalCode" inputMode="numeric" value={form.postalCode} onChange={set('postalCode')} error={errors.postalCode} />
      <Field label="By" name="city" value={form.city} onChange={set('city')} error={errors.city} />
      <SelectField label="Land" name="country" value={form.country} onChange={set('country')} error={errors.country}>
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
