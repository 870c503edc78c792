import { useState, type FormEvent } from 'react';
import { messages } from '@fragtbud/contracts';
import { Button, Field, isApiError, newIdempotencyKey, parseDanishNumber, useSingleFlight } from '@fragtbud/web';
import { useMoneyAction } from './api/run-money-action';

interface ActionField {
  name: string;
  label: string;
  /** An amount the admin types the Danish way ('1.500,75', '-100'); sent as a number. */
  money?: boolean;
}

interface ActionSpec {
  key: string;
  title: string;
  path: (values: Record<string, string>) => string;
  fields: ActionField[];
  submit: string;
  done: string;
  failure: string;
}

/** The admin's money actions (spec sections 5 and 6); the server checks every field and answers in Danish. */
const ACTIONS: ActionSpec[] = [
  {
    key: 'carrier-payout',
    title: 'Udbetaling til carrier',
    path: () => '/finance/payouts/carrier',
    fields: [
      { name: 'carrierId', label: 'Carrier ID' },
      { name: 'amountGross', label: 'Beløb brutto (DKK)', money: true },
      { name: 'taskId', label: 'Opgave-id (valgfrit)' },
    ],
    submit: 'Opret udbetaling',
    done: 'Udbetaling oprettet',
    failure: 'Kunne ikke oprette udbetaling',
  },
  {
    key: 'platform-payout',
    title: 'Platformudbetaling',
    path: () => '/finance/payouts/platform',
    fields: [
      { name: 'amountGross', label: 'Beløb brutto (DKK)', money: true },
      { name: 'taskId', label: 'Opgave-id (valgfrit)' },
    ],
    submit: 'Opret platformudbetaling',
    done: 'Udbetaling oprettet',
    failure: 'Kunne ikke oprette udbetaling',
  },
  {
    key: 'adjustment',
    title: 'Justering',
    path: () => '/finance/adjustments',
    fields: [
      { name: 'carrierId', label: 'Carrier ID' },
      { name: 'customerId', label: 'Customer ID' },
      { name: 'amount', label: 'Beløb (DKK, med fortegn)', money: true },
      { name: 'reason', label: 'Begrundelse' },
      { name: 'taskId', label: 'Opgave-id (valgfrit)' },
    ],
    submit: 'Opret justering',
    done: 'Justering oprettet',
    failure: 'Kunne ikke oprette justering',
  },
  {
    key: 'charge',
    title: 'Ekstra gebyr på kundens kort',
    path: () => '/admin/charges',
    fields: [
      { name: 'taskId', label: 'Opgave-id' },
      { name: 'customerId', label: 'Customer ID' },
      { name: 'amount', label: 'Beløb (DKK)', money: true },
      { name: 'reason', label: 'Begrundelse' },
    ],
    submit: 'Træk gebyr',
    done: 'Gebyret er trukket på kundens kort.',
    failure: 'Kunne ikke udføre handlingen.',
  },
  {
    key: 'connected-account',
    title: 'Express-konto til carrier',
    path: (values) => `/admin/users/${encodeURIComponent(values.userId?.trim() || '0')}/connected-account`,
    fields: [{ name: 'userId', label: 'Carrier ID' }],
    submit: 'Opret Express-konto',
    done: 'Express-konto oprettet',
    failure: 'Kunne ikke oprette Express-konto',
  },
];

/**
 * Empty fields are left out, so the server tells which one is missing. Amounts are read here with the one Danish
 * parser (thousands dots and a decimal comma); null when one cannot be read, so nothing is sent.
 */
function bodyOf(fields: ActionField[], values: Record<string, string>): Record<string, string | number> | null {
  const body: Record<string, string | number> = {};
  for (const field of fields) {
    const text = values[field.name]?.trim();
    if (field.name === 'userId' || !text) continue;
    if (!field.money) {
      body[field.name] = text;
      continue;
    }
    const amount = parseDanishNumber(text);
    if (amount === null) return null;
    body[field.name] = amount;
  }
  return body;
}

function ActionForm({ spec }: { spec: ActionSpec }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [key, setKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const send = useMoneyAction();
  // One request per press (the idempotency key makes a repeat harmless at the server; this keeps it from being sent).
  const flight = useSingleFlight();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flight.run(async () => {
      setResult(null);
      const body = bodyOf(spec.fields, values);
      setInputError(body ? null : messages.invalidAmount);
      if (!body) {
        send.reset();
        return;
      }
      const answer = await send.mutateAsync({ path: spec.path(values), body, idempotencyKey: key });
      if (!answer) return;
      setKey(newIdempotencyKey());
      setValues({});
      setResult(answer.url ? `${spec.done}: ${answer.url}` : (answer.message ?? spec.done));
    });
  };
  const error = inputError ?? (send.error ? (isApiError(send.error) && send.error.status !== 0 && send.error.status < 500 ? send.error.message : spec.failure) : null);
  return (
    <form className="admin-ledger__action" aria-label={spec.title} onSubmit={onSubmit}>
      <h4>{spec.title}</h4>
      {spec.fields.map((field) => (
        <Field
          key={field.name}
          label={field.label}
          value={values[field.name] ?? ''}
          onChange={(event) => {
            setValues({ ...values, [field.name]: event.target.value });
            setKey(newIdempotencyKey()); // other values are another request
          }}
        />
      ))}
      <Button type="submit" disabled={send.isPending || flight.busy}>
        {spec.submit}
      </Button>
      {result && <p role="status">{result}</p>}
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

/** 'Handlinger' under the ledger: payouts, adjustments, an extra fee, a Connect account (each refreshes the ledger). */
export function LedgerActions() {
  return (
    <details className="admin-ledger__actions">
      <summary>Handlinger: udbetalinger, justeringer og gebyrer</summary>
      {ACTIONS.map((spec) => (
        <ActionForm key={spec.key} spec={spec} />
      ))}
    </details>
  );
}
