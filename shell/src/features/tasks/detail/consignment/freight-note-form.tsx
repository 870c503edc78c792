import { useState, type FormEvent } from 'react';
import {
  freightCarrierInputSchema,
  freightGoodsInputSchema,
  freightPartyGroups,
  freightPartyInputSchema,
  type FreightNote,
  type FreightPartyInput,
} from '@fragtbud/contracts';
import { Button, Field, fieldErrorsOf, useApiMutation } from '@fragtbud/web';
import { FREIGHT_BOXES, type FreightBoxKey } from './freight-note-boxes';
import { updateFreightNote, type FreightNoteUpdate } from './freight-note-api';

type Values = Record<FreightBoxKey, Record<string, string>>;
type Errors = Record<string, string>;

interface FieldSpec {
  name: string;
  label: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'tel';
  type?: string;
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
  { name: 'type', label: 'Godstype' },
];

const fieldsOf = (key: FreightBoxKey) => (key === 'carrier' ? CARRIER_FIELDS : key === 'goods' ? GOODS_FIELDS : PARTY_FIELDS);
interface BoxSchema {
  safeParse: (value: unknown) => { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}
const schemaOf = (key: FreightBoxKey): BoxSchema =>
  key === 'carrier' ? freightCarrierInputSchema : key === 'goods' ? freightGoodsInputSchema : freightPartyInputSchema;

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

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

/** Checks every box with the contracts' schemas; the errors are keyed 'group.field' (as the server names them). */
function validate(values: Values, note: FreightNote): { body: FreightNoteUpdate | null; errors: Errors } {
  const errors: Errors = {};
  const body: Record<string, unknown> = {};
  for (const { key } of FREIGHT_BOXES) {
    const result = schemaOf(key).safeParse(values[key]);
    if (result.success) {
      const data = result.data as FreightPartyInput;
      body[key] = (freightPartyGroups as readonly string[]).includes(key)
        ? withAddress(data, note[key as (typeof freightPartyGroups)[number]].address)
        : data;
    } else {
      for (const issue of result.error.issues) {
        const name = `${key}.${String(issue.path[0] ?? '')}`;
        errors[name] ??= issue.message;
      }
    }
  }
  return { body: Object.keys(errors).length ? null : (body as FreightNoteUpdate), errors };
}

interface FreightNoteFormProps {
  note: FreightNote;
  onSaved: (note: FreightNote) => void;
  onCancel: () => void;
}

/** Edit mode: a fieldset per numbered box, validated here with the server's own rules, saved with one PUT. */
export function FreightNoteForm({ note, onSaved, onCancel }: FreightNoteFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(note));
  const [errors, setErrors] = useState<Errors>({});
  const save = useApiMutation((body: FreightNoteUpdate) => updateFreightNote(note.task_id, body));
  const serverErrors = fieldErrorsOf(save.error);
  const shownError = (name: string) => errors[name] ?? serverErrors[name] ?? null;
  const unplacedServerError = save.error && Object.keys(serverErrors).length === 0 ? (save.error as Error).message : null;

  const change = (key: FreightBoxKey, name: string, value: string) => {
    setValues((current) => ({ ...current, [key]: { ...current[key], [name]: value } }));
    setErrors((current) => {
      if (!current[`${key}.${name}`]) return current;
      const next = { ...current };
      delete next[`${key}.${name}`];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = validate(values, note);
    setErrors(found);
    if (!body) return;
    const saved = await save.run(body);
    if (saved) onSaved(saved);
  };

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
              {fieldsOf(key).map((spec) => (
                <Field
                  key={spec.name}
                  label={spec.label}
                  name={`${key}.${spec.name}`}
                  type={spec.type ?? 'text'}
                  inputMode={spec.inputMode}
                  value={values[key][spec.name] ?? ''}
                  error={shownError(`${key}.${spec.name}`)}
                  onChange={(event) => change(key, spec.name, event.target.value)}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {Object.keys(errors).length > 0 && (
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
        <Button type="submit" loading={save.pending}>
          Gem fragtbrev
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.pending}>
          Annuller
        </Button>
      </div>
    </form>
  );
}
