import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldError, useContractForm } from '@fragtbud/web/forms';
import { useSearchParams } from 'react-router-dom';
import {
  adjustmentBodySchema,
  carrierPayoutBodySchema,
  chargeBodySchema,
  idField,
  messages,
  platformPayoutBodySchema,
  type Role,
} from '@fragtbud/contracts';
import { z } from 'zod';
import { Button, ConfirmDialog, Field, formatDkkFromKroner, isApiError, newIdempotencyKey, parseDanishNumber, useSessionDraft, useSingleFlight } from '@fragtbud/web';
import { useUser } from '../../shared/api/admin-users-api';
import { typedTextSchema } from '../../shared/form-values';
import { personIdOf, personLabel } from '../../shared/person-names';
import { PersonPicker, type PersonRole } from '../../shared/person-picker';
import { useMoneyAction, type MoneyBody } from './api/run-money-action';

interface ActionField {
  name: string;
  label: string;
  /** An amount the admin types the Danish way ('1.500,75', '-100'); sent as a number. */
  money?: boolean;
  /** A carrier or customer, chosen by name in the person picker; the id is sent. */
  person?: PersonRole;
  /** A checkbox; sent as `true` only when ticked (so a service without the field is not bothered by it). */
  flag?: true;
  /** Part of the path, not of the body. */
  pathOnly?: true;
}

type Body = MoneyBody;

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
  /** The server's rules for the body (the contract schema it parses with), checked before the question is asked. */
  schema: z.ZodType;
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
    schema: carrierPayoutBodySchema,
    fields: [
      { name: 'carrierId', label: 'Carrier', person: 'carrier' },
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
    schema: platformPayoutBodySchema,
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
    schema: adjustmentBodySchema,
    fields: [
      { name: 'carrierId', label: 'Carrier', person: 'carrier' },
      { name: 'customerId', label: 'Kunde', person: 'customer' },
      { name: 'amount', label: 'Beløb (DKK, med fortegn)', money: true },
      { name: 'vatIncluded', label: 'Beløbet er inkl. moms', flag: true },
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
        `${who} ${Number(body.amount) < 0 ? 'skylder platformen' : 'får'} ${dkk(Math.abs(Number(body.amount)))}${withVat(body)}${onTask(body)}. Det kan ikke fortrydes.`,
    },
  },
  {
    key: 'charge',
    title: 'Ekstra gebyr på kundens kort',
    path: () => '/admin/charges',
    schema: chargeBodySchema,
    fields: [
      { name: 'taskId', label: 'Opgave-id' },
      { name: 'customerId', label: 'Kunde', person: 'customer' },
      { name: 'amount', label: 'Beløb (DKK)', money: true },
      { name: 'vatIncluded', label: 'Beløbet er inkl. moms', flag: true },
      { name: 'reason', label: 'Begrundelse' },
    ],
    submit: 'Træk gebyr',
    done: 'Gebyret er trukket på kundens kort.',
    failure: 'Kunne ikke udføre handlingen.',
    question: {
      title: 'Træk gebyr på kundens kort?',
      person: true,
      confirmLabel: 'Træk gebyr',
      text: (body, who) => `${who} får ${dkk(body.amount)}${withVat(body)} trukket på det kort, opgave #${body.taskId} blev betalt med. Det kan ikke fortrydes.`,
    },
  },
  {
    key: 'connected-account',
    title: 'Express-konto til carrier',
    path: (values) => `/admin/users/${encodeURIComponent(values.carrierId?.trim() || '0')}/connected-account`,
    schema: z.object({ carrierId: idField(messages.invalidCarrierId) }),
    fields: [{ name: 'carrierId', label: 'Carrier', person: 'carrier', pathOnly: true }],
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

const dkk = (amount: unknown) => formatDkkFromKroner(Number(amount));
const withVat = (body: Body) => (body.vatIncluded === true ? ' inkl. moms' : '');
const onTask = (body: Body) => (body.taskId ? ` for opgave #${body.taskId}` : '');

/** The person a money action reaches: the carrier or the customer whose id was typed. */
function personOf(body: Body): { id: number; role: Role } | null {
  const [field, role] = body.carrierId !== undefined ? (['carrierId', 'carrier'] as const) : (['customerId', 'customer'] as const);
  const value = body[field];
  const id = typeof value === 'boolean' ? null : personIdOf(value);
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
 * The body as the server gets it: empty fields are left out (so the rules name what is missing), an amount is read
 * with the one Danish parser (thousands dots and a decimal comma; NaN when it cannot be read, which the rules refuse
 * as 'Ugyldigt beløb'), a ticked box is `true` and an unticked one is not sent.
 */
function bodyOf(fields: ActionField[], values: Record<string, string>): Body {
  const body: Body = {};
  for (const field of fields) {
    const text = values[field.name]?.trim();
    if (field.flag) {
      if (text === 'true') body[field.name] = true;
    } else if (field.money) {
      if (text) body[field.name] = parseDanishNumber(text) ?? Number.NaN;
    } else if (text) body[field.name] = text;
  }
  return body;
}

/**
 * The form's schema for `useContractForm`: the fields as typed, made into the body and checked with the server's
 * rules (the contract schema it parses with) before anything is asked or sent; each field gets its Danish message.
 */
const formSchemaOf = (spec: ActionSpec) => typedTextSchema<string>(spec.fields.map((field) => field.name), spec.schema, (typed) => bodyOf(spec.fields, typed));
const formSchemas = new Map(ACTIONS.map((spec) => [spec.key, formSchemaOf(spec)]));

const emptyValues = (spec: ActionSpec): Record<string, string> => Object.fromEntries(spec.fields.map((field) => [field.name, '']));

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

/** The search parameter of a link that opens one action filled in: `?tab=ledger&action=adjustment&customerId=2&taskId=41`. */
export const ACTION_PARAM = 'action';

/** What a link fills into an action's form: its fields that the link names. */
function linkedValues(spec: ActionSpec, params: URLSearchParams): Record<string, string> | null {
  if (params.get(ACTION_PARAM) !== spec.key) return null;
  return Object.fromEntries(spec.fields.flatMap((field) => {
    const value = params.get(field.name);
    return value ? [[field.name, value]] : [];
  }));
}

function ActionForm({ spec }: { spec: ActionSpec }) {
  // A reload or a detour through the login page (the session ran out) keeps what was typed.
  const [draft, setDraft, clearDraft] = useSessionDraft(draftKey(spec));
  const form = useContractForm(formSchemas.get(spec.key) ?? formSchemaOf(spec), {
    defaultValues: { ...emptyValues(spec), ...(draft ? valuesOf(draft) : {}) },
    mode: 'onSubmit',
  });
  const values = form.watch();
  const keepDraft = (next: Record<string, string>) => (Object.values(next).some((value) => value) ? setDraft(JSON.stringify(next)) : clearDraft());
  // A link to this action (from a person or a task) fills it in and brings it into view, once per link followed.
  const [params] = useSearchParams();
  const link = params.get(ACTION_PARAM) === spec.key ? params.toString() : null;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const linked = link ? linkedValues(spec, new URLSearchParams(link)) : null;
    if (!linked) return;
    setDraft(JSON.stringify(linked));
    form.reset({ ...emptyValues(spec), ...linked });
    formRef.current?.scrollIntoView?.({ block: 'start' });
    // Only a newly followed link fills the form (not a change of the draft or the spec object).
  }, [link]);
  const [key, setKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<string | null>(null);
  const [asking, setAsking] = useState<Body | null>(null);
  const send = useMoneyAction();
  // One request per press (the idempotency key makes a repeat harmless at the server; this keeps it from being sent).
  const flight = useSingleFlight();
  const run = async (body: Body) => {
    const sent = Object.fromEntries(Object.entries(body).filter(([name]) => !spec.fields.some((field) => field.name === name && field.pathOnly)));
    const answer = await send.mutateAsync({ path: spec.path(values), body: sent, idempotencyKey: key });
    if (!answer) return;
    setKey(newIdempotencyKey());
    form.reset(emptyValues(spec));
    clearDraft();
    setResult(answer.url ? `${spec.done}: ${answer.url}` : (answer.message ?? spec.done));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    flight.run(async () => {
      setResult(null);
      send.reset();
      await form.handleSubmit(async (typed) => {
        const body = bodyOf(spec.fields, typed);
        // Everything the server checks is checked first; money moves only after the admin confirmed the question.
        if (spec.question) setAsking(body);
        else await run(body);
      })();
    });
  };
  const inputError = spec.fields.map((field) => fieldError(form, field.name)).find(Boolean) ?? null;
  const error = inputError ?? (send.error ? (isApiError(send.error) && send.error.status !== 0 && send.error.status < 500 ? send.error.message : spec.failure) : null);
  return (
    <form ref={formRef} className="admin-ledger__action" aria-label={spec.title} onSubmit={onSubmit}>
      <h3>{spec.title}</h3>
      {spec.fields.map((field) => {
        const change = (value: string) => {
          if ((values[field.name] ?? '') === value) return;
          form.setValue(field.name, value);
          form.clearErrors(field.name);
          keepDraft({ ...values, [field.name]: value });
          setKey(newIdempotencyKey()); // other values are another request
        };
        const message = fieldError(form, field.name);
        if (field.person) {
          return <PersonPicker key={field.name} label={field.label} role={field.person} value={values[field.name] ?? ''} error={message} onChange={change} />;
        }
        if (field.flag) {
          return (
            <label key={field.name} className="admin-ledger__flag">
              <input type="checkbox" checked={values[field.name] === 'true'} onChange={(event) => change(event.target.checked ? 'true' : '')} /> {field.label}
            </label>
          );
        }
        return <Field key={field.name} label={field.label} value={values[field.name] ?? ''} error={message} onChange={(event) => change(event.target.value)} />;
      })}
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
  const [params] = useSearchParams();
  const linked = ACTIONS.some((spec) => params.get(ACTION_PARAM) === spec.key);
  const [open, setOpen] = useState(() => linked || ACTIONS.some(hasDraft));
  if (linked && !open) setOpen(true);
  return (
    <details className="admin-ledger__actions" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Handlinger: udbetalinger, justeringer og gebyrer</summary>
      {ACTIONS.map((spec) => (
        <ActionForm key={spec.key} spec={spec} />
      ))}
    </details>
  );
}
