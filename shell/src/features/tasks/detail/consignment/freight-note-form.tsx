import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  freightCarrierInputSchema,
  freightGoodsInputSchema,
  freightGoodsTypeLabels,
  freightPartyGroups,
  freightPartyInputSchema,
  type FreightNote,
  type FreightPartyInput,
} from '@fragtbud/contracts';
import { Button, Field, SelectField, fieldErrorsFromZod, fieldErrorsOf, formatDanishNumberInput, parseDanishNumber, useSessionDraft } from '@fragtbud/web';
import { FREIGHT_BOXES, type FreightBoxKey } from './freight-note-boxes';
import { useUpdateFreightNote, type FreightNoteUpdate } from './api/update-freight-note';

type Values = Record<FreightBoxKey, Record<string, string>>;
type Errors = Record<string, string>;

interface FieldSpec {
  name: string;
  label: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel';
  type?: string;
  /** A choice instead of free text: value → Danish label. */
  options?: Readonly<Record<string, string>>;
}

const PARTY_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Navn' },
  { name: 'company', label: 'Firma' },
  { name: 'cvr', label: 'CVR-nummer', inputMode: 'numeric' },
  { name: 'street', label: 'Vej' },
  { name: 'houseNo', label: 'Husnr.' },
  { name: 'postalCode', label: 'Postnummer', inputMode: 'numeric' },
  { name: 'city', label: 'By' },
  { name: 'country', label: 'Land' },
  { name: 'email', label: 'E-mail', type: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Telefon', type: 'tel', inputMode: 'tel' },
];
const CARRIER_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Navn' },
  { name: 'company', label: 'Firma' },
  { name: 'cvr', label: 'CVR-nummer', inputMode: 'numeric' },
  { name: 'address', label: 'Adresse' },
  { name: 'email', label: 'E-mail', type: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Telefon', type: 'tel', inputMode: 'tel' },
];
const GOODS_FIELDS: FieldSpec[] = [
  { name: 'description', label: 'Beskrivelse' },
  { name: 'packages', label: 'Antal kolli', inputMode: 'numeric' },
  { name: 'weightKg', label: 'Vægt (kg)', inputMode: 'decimal' },
  { name: 'volumeM3', label: 'Volumen (m³)', inputMode: 'decimal' },
  { name: 'type', label: 'Godstype', options: freightGoodsTypeLabels },
];

const fieldsOf = (key: FreightBoxKey) => (key === 'carrier' ? CARRIER_FIELDS : key === 'goods' ? GOODS_FIELDS : PARTY_FIELDS);
interface BoxSchema {
  safeParse: (value: unknown) => { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}
const schemaOf = (key: FreightBoxKey): BoxSchema =>
  key === 'carrier' ? freightCarrierInputSchema : key === 'goods' ? freightGoodsInputSchema : freightPartyInputSchema;

/** The choices, with a stored value that is not one of them (older free text) kept as it is. */
const optionsWith = (options: Readonly<Record<string, string>>, current: string): Array<[string, string]> => {
  const entries = Object.entries(options);
  return current !== '' && !(current in options) ? [[current, current], ...entries] : entries;
};

/** A stored value as its field shows it; numbers the Danish way (`12.5` → `12,5`), as they are typed. */
const asText = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'number' ? formatDanishNumberInput(value) : String(value);

function initialValues(note: FreightNote): Values {
  const values = {} as Values;
  for (const { key } of FREIGHT_BOXES) {
    const source = note[key] as unknown as Record<string, unknown>;
    values[key] = Object.fromEntries(fieldsOf(key).map(({ name }) => [name, asText(source[name])]));
  }
  return values;
}

/** The one-line address of a party, kept in step with the parts it is made of. */
function withAddress(party: FreightPartyInput, previous: string | null): FreightPartyInput {
  const street = [party.street, party.houseNo].filter(Boolean).join(' ');
  const place = [party.postalCode, party.city].filter(Boolean).join(' ');
  if (street === '' && place === '') return { ...party, address: previous };
  return { ...party, address: [street, place].filter((part) => part !== '').join(', ') };
}

/** Packages, weight and volume as typed the Danish way ('1.234,5' kg); other text is left for the schema to refuse. */
function withDanishNumbers(goods: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...goods };
  for (const name of ['packages', 'weightKg', 'volumeM3']) {
    const text = goods[name]?.trim();
    if (text) out[name] = parseDanishNumber(text) ?? text;
  }
  return out;
}

/** Checks every box with the contracts' schemas; the errors are keyed 'group.field' (as the server names them). */
function validate(values: Values, note: FreightNote): { body: FreightNoteUpdate | null; errors: Errors } {
  const errors: Errors = {};
  const body: Record<string, unknown> = {};
  for (const { key } of FREIGHT_BOXES) {
    const result = schemaOf(key).safeParse(key === 'goods' ? withDanishNumbers(values[key]) : values[key]);
    if (result.success) {
      const data = result.data as FreightPartyInput;
      body[key] = (freightPartyGroups as readonly string[]).includes(key)
        ? withAddress(data, note[key as (typeof freightPartyGroups)[number]].address)
        : data;
    } else {
      for (const [field, message] of Object.entries(fieldErrorsFromZod(result.error))) errors[`${key}.${field}`] = message;
    }
  }
  return { body: Object.keys(errors).length ? null : (body as FreightNoteUpdate), errors };
}

/** Where what is typed into a task's freight note waits (sessionStorage, one per tab, user and task) until it is saved. */
export const freightNoteDraftKey = (taskId: number, viewerId: number | null) => `fragtbud:freight-note-draft:${viewerId ?? 0}:${taskId}`;

/** The stored values with a draft's typed text over them; a draft that is not the form's shape is ignored. */
function withDraft(stored: Values, draftText: string): Values {
  if (!draftText) return stored;
  try {
    const draft = JSON.parse(draftText) as Record<string, unknown>;
    const merged = {} as Values;
    for (const key of Object.keys(stored) as FreightBoxKey[]) {
      const box = draft[key];
      const typed = typeof box === 'object' && box !== null ? Object.entries(box).filter(([name, value]) => name in stored[key] && typeof value === 'string') : [];
      merged[key] = { ...stored[key], ...Object.fromEntries(typed) };
    }
    return merged;
  } catch {
    return stored;
  }
}

interface FreightNoteFormProps {
  note: FreightNote;
  /** The signed-in user, whose draft of this note is kept across a reload or a new login. */
  viewerId: number | null;
  onSaved: (note: FreightNote) => void;
  onCancel: () => void;
}

/** Edit mode: a fieldset per numbered box, validated here with the server's own rules, saved with one PUT. */
export function FreightNoteForm({ note, viewerId, onSaved, onCancel }: FreightNoteFormProps) {
  // react-hook-form with the zod resolver: each box checked with the contracts' schema, errors keyed 'group.field'.
  const schema = useMemo(
    () =>
      z.record(z.string(), z.record(z.string(), z.string())).superRefine((values, ctx) => {
        for (const [path, message] of Object.entries(validate(values as Values, note).errors)) {
          ctx.addIssue({ code: 'custom', message, path: path.split('.') });
        }
      }),
    [note],
  );
  const storedValues = useMemo(() => initialValues(note), [note]);
  // What was typed survives a reload or a session that ran out (the page asks to log in again), until saved or cancelled.
  const [draftText, setDraftText, clearDraft] = useSessionDraft(freightNoteDraftKey(note.task_id, viewerId));
  const [startValues] = useState(() => withDraft(storedValues, draftText));
  const form = useForm<Values>({ resolver: zodResolver(schema) as unknown as Resolver<Values>, defaultValues: startValues });
  useEffect(() => {
    const subscription = form.watch((values) => setDraftText(JSON.stringify(values)));
    return () => subscription.unsubscribe();
  }, [form, setDraftText]);
  const save = useUpdateFreightNote(note.task_id);
  const serverErrors = fieldErrorsOf(save.error);
  const fieldErrors = form.formState.errors as Partial<Record<FreightBoxKey, Record<string, { message?: string } | undefined>>>;
  const shownError = (key: FreightBoxKey, name: string) => fieldErrors[key]?.[name]?.message ?? serverErrors[`${key}.${name}`] ?? null;
  const unplacedServerError = save.error && Object.keys(serverErrors).length === 0 ? (save.error as Error).message : null;
  const invalid = Object.keys(form.formState.errors).length > 0;

  const submit = form.handleSubmit((values) => {
    const { body } = validate(values, note);
    if (body)
      save.mutate(body, {
        onSuccess: (saved) => {
          clearDraft();
          onSaved(saved);
        },
      });
  });

  return (
    <form className="consignment-form" noValidate onSubmit={submit} aria-label="Rediger fragtbrev">
      <div className="consignment-boxes">
        {FREIGHT_BOXES.map(({ number, key, title }) => (
          <fieldset key={key} className={`consignment-box consignment-box--${key}`}>
            <legend className="consignment-box__title">
              <span className="consignment-box__number" aria-hidden="true">
                {number}
              </span>
              <span className="fb-visually-hidden">{number}.</span> {title}
            </legend>
            <div className="consignment-form__fields">
              {fieldsOf(key).map((spec) =>
                spec.options ? (
                  <SelectField
                    key={spec.name}
                    label={spec.label}
                    error={shownError(key, spec.name)}
                    {...form.register(`${key}.${spec.name}`)}
                  >
                    {optionsWith(spec.options, storedValues[key][spec.name] ?? '').map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </SelectField>
                ) : (
                <Field
                  key={spec.name}
                  label={spec.label}
                  type={spec.type ?? 'text'}
                  inputMode={spec.inputMode}
                  error={shownError(key, spec.name)}
                  {...form.register(`${key}.${spec.name}`)}
                />
                ),
              )}
            </div>
          </fieldset>
        ))}
      </div>
      {invalid && (
        <p className="fb-field__error" role="alert">
          Ret de markerede felter
        </p>
      )}
      {unplacedServerError && (
        <p className="fb-field__error" role="alert">
          {unplacedServerError}
        </p>
      )}
      <div className="consignment-form__actions">
        <Button type="submit" loading={save.isPending}>
          Gem fragtbrev
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            clearDraft();
            onCancel();
          }}
          disabled={save.isPending}
        >
          Annuller
        </Button>
      </div>
    </form>
  );
}
