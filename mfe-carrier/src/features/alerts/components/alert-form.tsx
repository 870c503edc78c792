import { useId, useRef, useState, type FormEvent } from 'react';
import {
  alertBodySchema,
  alertEmailLabels,
  alertEmailModes,
  regionLabels,
  regions,
  taskTypeLabels,
  taskTypes,
  type AlertBody,
  type AlertEmailMode,
  type Region,
  type TaskType,
} from '@fragtbud/contracts';
import { Button, Field, isApiError, newIdempotencyKey } from '@fragtbud/web';
import { useCreateAlert } from '../api/alerts';

export interface AlertDraft {
  name: string;
  fromRegions: Region[];
  toRegions: Region[];
  types: TaskType[];
  pickupFrom: string;
  pickupTo: string;
  email: AlertEmailMode;
}

export const emptyAlertDraft = (overrides: Partial<AlertDraft> = {}): AlertDraft => ({
  name: '',
  fromRegions: [],
  toRegions: [],
  types: [],
  pickupFrom: '',
  pickupTo: '',
  email: 'instant',
  ...overrides,
});

function Choices<T extends string>({ legend, values, labels, chosen, onChange }: { legend: string; values: readonly T[]; labels: Record<T, string>; chosen: T[]; onChange: (next: T[]) => void }) {
  return (
    <fieldset className="alert-form__choices">
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className="alert-form__choice">
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, value] : chosen.filter((item) => item !== value))}
          />{' '}
          {labels[value]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A new load alert: name, pickup and delivery regions (none chosen: all), task types, pickup dates and e-mail. Checked
 * with the server's schema before it is sent; one Idempotency-Key per form, so a double click saves one alert.
 */
export function AlertForm({ initial, onSaved, onCancel }: { initial: AlertDraft; onSaved: () => void; onCancel?: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const create = useCreateAlert();
  const id = useId();
  const set = <K extends keyof AlertDraft>(field: K, value: AlertDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = alertBodySchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Ugyldige felter');
      return;
    }
    try {
      await create.mutateAsync({ body: parsed.data as AlertBody, idempotencyKey: key.current });
      key.current = newIdempotencyKey();
      onSaved();
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'Kunne ikke gemme jobalarmen.');
    }
  };

  return (
    <form className="alert-form fb-stack" onSubmit={submit} noValidate aria-label="Ny jobalarm">
      <Field label="Navn" value={draft.name} maxLength={80} required onChange={(event) => set('name', event.target.value)} />
      <Choices legend="Afhentning i (ingen valgt: hele landet)" values={regions} labels={regionLabels} chosen={draft.fromRegions} onChange={(next) => set('fromRegions', next)} />
      <Choices legend="Levering i (ingen valgt: hele landet)" values={regions} labels={regionLabels} chosen={draft.toRegions} onChange={(next) => set('toRegions', next)} />
      <Choices legend="Opgavetyper (ingen valgt: alle)" values={taskTypes} labels={taskTypeLabels} chosen={draft.types} onChange={(next) => set('types', next)} />
      <div className="alert-form__dates">
        <Field label="Afhentning tidligst" type="date" value={draft.pickupFrom} onChange={(event) => set('pickupFrom', event.target.value)} />
        <Field label="Afhentning senest" type="date" value={draft.pickupTo} onChange={(event) => set('pickupTo', event.target.value)} />
      </div>
      <label htmlFor={`${id}-email`}>E-mail</label>
      <select id={`${id}-email`} value={draft.email} onChange={(event) => set('email', event.target.value as AlertEmailMode)}>
        {alertEmailModes.map((mode) => (
          <option key={mode} value={mode}>
            {alertEmailLabels[mode]}
          </option>
        ))}
      </select>
      {error && (
        <p className="fb-error" role="alert">
          {error}
        </p>
      )}
      <div className="alert-form__actions">
        <Button type="submit" loading={create.isPending}>
          Gem jobalarm
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Annuller
          </Button>
        )}
      </div>
    </form>
  );
}
