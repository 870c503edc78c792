import { useState, type FormEvent } from 'react';
import { messages, type Role } from '@fragtbud/contracts';
import { Button, ConfirmDialog, Field, formatDkkFromKroner, isApiError, newIdempotencyKey, parseDanishNumber, useSessionDraft, useSingleFlight } from '@fragtbud/web';
import { useUser } from '../api/admin-users-api';
import { personIdOf, personLabel } from '../shared/person-names';
import { useMoneyAction } from './api/run-money-action';

interface ActionField {
  name: string;
  label: string;
  /** An amount the admin types the Danish way ('1.500,75', '-100'); sent as a number. */
  money?: boolean;
  /** Part of the path, not of the body. */
  pathOnly?: true;
}

type Body = Record<string, string | number>;

/** The question asked before money moves (or a payout account is made): what happens, to whom (by name) and how much. */
interface MoneyQuestion {
  title: string;
  confirmLabel: string;
  /** The action reaches the carrier or customer whose id is typed (named in the question as `who`). */
  person?: true;
  /** `who` is the person the body's id names, by name. */
  text: (body: Body, who: string) => string;
}

interface ActionSpec {
  key: string;
  title: string;
  /** Asked before the request is sent; an action that moves no money has none. */
  question?: MoneyQuestion;
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
    question: {
      title: 'Opret udbetaling til carrier?',
      person: true,
      confirmLabel: 'Opret udbetaling',
      text: (body, who) => `${dkk(body.amountGross)} (brutto) udbetales til ${who}${onTask(body)}. Det kan ikke fortrydes.`,
    },
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
    question: {
      title: 'Opret platformudbetaling?',
      confirmLabel: 'Opret platformudbetaling',
      text: (body) => `${dkk(body.amountGross)} (brutto) udbetales fra platformens saldo${onTask(body)}. Det kan ikke fortrydes.`,
    },
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
    question: {
      title: 'Opret justering?',
      person: true,
      confirmLabel: 'Opret justering',
      text: (body, who) =>
        `${who} ${Number(body.amount) < 0 ? 'skylder platformen' : 'får'} ${dkk(Math.abs(Number(body.amount)))}${onTask(body)}. Det kan ikke fortrydes.`,
    },
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
    question: {
      title: 'Træk gebyr på kundens kort?',
      person: true,
      confirmLabel: 'Træk gebyr',
      text: (body, who) => `${who} får ${dkk(body.amount)} trukket på det kort, opgave #${body.taskId} blev betalt med. Det kan ikke fortrydes.`,
    },
  },
  {
    key: 'connected-account',
    title: 'Express-konto til carrier',
    path: (values) => `/admin/users/${encodeURIComponent(values.carrierId?.trim() || '0')}/connected-account`,
    fields: [{ name: 'carrierId', label: 'Carrier ID', pathOnly: true }],
    submit: 'Opret Express-konto',
    done: 'Express-konto oprettet',
    failure: 'Kunne ikke oprette Express-konto',
    question: {
      title: 'Opret Express-konto til carrier?',
      person: true,
      confirmLabel: 'Opret Express-konto',
      text: (_body, who) => `${who} får en Express-konto til udbetalinger hos betalingsudbyderen.`,
    },
  },
];

const dkk = (amount: string | number | undefined) => formatDkkFromKroner(Number(amount));
const onTask = (body: Body) => (body.taskId ? ` for opgave #${body.taskId}` : '');

/** The person a money action reaches: the carrier or the customer whose id was typed. */
function personOf(body: Body): { id: number; role: Role } | null {
  const [field, role] = body.carrierId !== undefined ? (['carrierId', 'carrier'] as const) : (['customerId', 'customer'] as const);
  const id = personIdOf(body[field]);
  return id === null ? null : { id, role };
}

const ROLE_NOUN: Partial<Record<Role, string>> = { carrier: 'en vognmand', customer: 'en kunde' };

/**
 * The question of a money action with the person by name (GET /users/{id}), so a mistyped id shows up before money
 * moves: no such user, or a user of another role, cannot be confirmed.
 */
function MoneyConfirm({ spec, body, onConfirm, onCancel }: { spec: ActionSpec & { question: MoneyQuestion }; body: Body; onConfirm: () => Promise<unknown>; onCancel: () => void }) {
  const person = personOf(body);
  const user = useUser(person?.id ?? null);
  let who = '';
  let problem: string | null = null;
  if (person) {
    if (user.isPending) who = '…';
    else if (!user.data) problem = user.error ? messages.couldNotPerformAction : `Der findes ingen bruger med id ${person.id}.`;
    else if (user.data.role !== person.role) problem = `${personLabel(user.data)} er ikke ${ROLE_NOUN[person.role]}.`;
    else who = personLabel(user.data);
  }
  return (
    <ConfirmDialog
      open
      title={spec.question.title}
      confirmLabel={spec.question.confirmLabel}
      variant="primary"
      confirmDisabled={problem !== null || (person !== null && user.isPending)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {problem ? <p role="alert">{problem}</p> : <p>{spec.question.text(body, who)}</p>}
    </ConfirmDialog>
  );
}

/**
 * Empty fields are left out, so the server tells which one is missing; an empty amount is 'Ugyldigt beløb' at once. Amounts are read here with the one Danish
 * parser (thousands dots and a decimal comma); null when one cannot be read, so nothing is sent.
 */
function bodyOf(fields: ActionField[], values: Record<string, string>): Body | null {
  const body: Body = {};
  for (const field of fields) {
    const text = values[field.name]?.trim();
    if (!text && !field.money) continue;
    if (!field.money) {
      body[field.name] = text;
      continue;
    }
    const amount = text ? parseDanishNumber(text) : null;
    if (amount === null) return null;
    body[field.name] = amount;
  }
  return body;
}

/** What was typed into one action's form, kept per browser tab (sessionStorage) until it is sent. */
const draftKey = (spec: Pick<ActionSpec, 'key'>) => `fragtbud:admin-ledger-action:${spec.key}`;

function valuesOf(draft: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(draft);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

const hasDraft = (spec: ActionSpec) => {
  try {
    return Boolean(sessionStorage.getItem(draftKey(spec)));
  } catch {
    return false;
  }
};

function ActionForm({ spec }: { spec: ActionSpec }) {
  // A reload or a detour through the login page (the session ran out) keeps what was typed.
  const [draft, setDraft, clearDraft] = useSessionDraft(draftKey(spec));
  const values = draft ? valuesOf(draft) : {};
  const setValues = (next: Record<string, string>) => (Object.values(next).some((value) => value) ? setDraft(JSON.stringify(next)) : clearDraft());
  const [key, setKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Body | null>(null);
  const send = useMoneyAction();
  // One request per press (the idempotency key makes a repeat harmless at the server; this keeps it from being sent).
  const flight = useSingleFlight();
  const run = async (body: Body) => {
    const sent = Object.fromEntries(Object.entries(body).filter(([name]) => !spec.fields.some((field) => field.name === name && field.pathOnly)));
    const answer = await send.mutateAsync({ path: spec.path(values), body: sent, idempotencyKey: key });
    if (!answer) return;
    setKey(newIdempotencyKey());
    setValues({});
    setResult(answer.url ? `${spec.done}: ${answer.url}` : (answer.message ?? spec.done));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flight.run(async () => {
      setResult(null);
      const body = bodyOf(spec.fields, values);
      setInputError(body ? null : messages.invalidAmount);
      send.reset();
      if (!body) return;
      // Money moves only after the admin confirmed the question; the server still checks every field (and refuses a
      // request without a readable id at once, so that one needs no question).
      if (spec.question && (!spec.question.person || personOf(body))) setAsking(body);
      else await run(body);
    });
  };
  const error = inputError ?? (send.error ? (isApiError(send.error) && send.error.status !== 0 && send.error.status < 500 ? send.error.message : spec.failure) : null);
  return (
    <form className="admin-ledger__action" aria-label={spec.title} onSubmit={onSubmit}>
      <h3>{spec.title}</h3>
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
      {asking && spec.question && (
        <MoneyConfirm
          spec={{ ...spec, question: spec.question }}
          body={asking}
          onCancel={() => setAsking(null)}
          onConfirm={() => run(asking).finally(() => setAsking(null))}
        />
      )}
    </form>
  );
}

/** 'Handlinger' under the ledger: payouts, adjustments, an extra fee, a Connect account (each refreshes the ledger). */
export function LedgerActions() {
  // Open when a form holds a draft, so what was typed before a reload is in view.
  const [open] = useState(() => ACTIONS.some(hasDraft));
  return (
    <details className="admin-ledger__actions" open={open}>
      <summary>Handlinger: udbetalinger, justeringer og gebyrer</summary>
      {ACTIONS.map((spec) => (
        <ActionForm key={spec.key} spec={spec} />
      ))}
    </details>
  );
}
