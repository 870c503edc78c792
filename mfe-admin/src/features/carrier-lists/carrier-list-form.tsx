import { useState, type FormEvent } from 'react';
import { carrierListCreateSchema } from '@fragtbud/contracts';
import { Button, Field, Modal, fieldErrorsFromZod, fieldErrorsOf, formatDkkFromKroner } from '@fragtbud/web';
import { adminActionError } from '../../shared/action-error';
import { inputToNumber, numberToInput } from '../../shared/form-values';
import type { CarrierList, CarrierListInput } from './carrier-lists-api';
import { CARRIER_LIST_MESSAGES } from './messages';

type FormField = keyof CarrierListInput;
type FormValues = Record<FormField, string>;

const EMPTY_FORM: FormValues = { name: '', description: '', feePercentage: '', fixedFee: '0', minFee: '0' };

function valuesOf(list: CarrierList | null): FormValues {
  if (!list) return EMPTY_FORM;
  return {
    name: list.name,
    description: list.description,
    feePercentage: numberToInput(list.feePercentage),
    fixedFee: numberToInput(list.fixedFee),
    minFee: numberToInput(list.minFee),
  };
}

/** '= 1.234,50 DKK' under a money field once it holds an amount, so the admin sees what the list will charge. */
function amountHint(text: string, base: string): string {
  const amount = inputToNumber(text);
  return Number.isFinite(amount) && amount >= 0 ? `${base} Nu: ${formatDkkFromKroner(amount)}.` : base;
}

export interface CarrierListFormProps {
  /** null creates a new list. */
  list: CarrierList | null;
  onClose: () => void;
  onSubmit: (input: CarrierListInput) => Promise<void>;
}

/**
 * Create or edit a carrier list in a modal: name, description, fee percentage, fixed fee and minimum fee,
 * each checked with the contract's schema and its message shown beside the field.
 */
export function CarrierListForm({ list, onClose, onSubmit }: CarrierListFormProps) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(list));
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = list ? `carrier-list-form-${list.id}` : 'carrier-list-form-new';

  const change = (field: FormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    // Fees typed the Danish way ('1.234,50'); text that is no number reaches the schema as NaN and gets its message.
    const parsed = carrierListCreateSchema.safeParse({
      ...values,
      feePercentage: inputToNumber(values.feePercentage),
      fixedFee: inputToNumber(values.fixedFee),
      minFee: inputToNumber(values.minFee),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      await onSubmit({
        name: parsed.data.name,
        description: parsed.data.description,
        feePercentage: parsed.data.feePercentage,
        fixedFee: inputToNumber(values.fixedFee),
        minFee: inputToNumber(values.minFee),
      });
    } catch (error) {
      const fromServer = fieldErrorsOf(error);
      if (Object.keys(fromServer).length > 0) setErrors(fromServer);
      setFormError(adminActionError(error, CARRIER_LIST_MESSAGES.couldNotUpdate));
      setSaving(false);
    }
  };

  const close = () => {
    if (!saving) onClose();
  };

  return (
    <Modal
      open
      title={list ? `Ret liste ${list.name}` : 'Ny carrier-liste'}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Annuller
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {list ? 'Gem liste' : 'Opret liste'}
          </Button>
        </>
      }
    >
      <form id={formId} className="fb-stack" noValidate onSubmit={submit}>
        <Field
          label="Navn"
          value={values.name}
          maxLength={50}
          autoComplete="off"
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
        />
        <Field
          label="Beskrivelse"
          hint="Valgfri, højst 500 tegn."
          value={values.description}
          maxLength={500}
          autoComplete="off"
          error={errors.description}
          onChange={(event) => change('description', event.target.value)}
        />
        <Field
          label="Gebyrprocent (%)"
          hint="Carrierens gebyr af nettoprisen, 0–100."
          inputMode="decimal"
          autoComplete="off"
          value={values.feePercentage}
          error={errors.feePercentage}
          onChange={(event) => change('feePercentage', event.target.value)}
        />
        <Field
          label="Fast gebyr (DKK)"
          hint={amountHint(values.fixedFee, 'Pr. opgave, 0 eller mere.')}
          inputMode="decimal"
          autoComplete="off"
          value={values.fixedFee}
          error={errors.fixedFee}
          onChange={(event) => change('fixedFee', event.target.value)}
        />
        <Field
          label="Minimumsgebyr (DKK)"
          hint={amountHint(values.minFee, '0 eller mere.')}
          inputMode="decimal"
          autoComplete="off"
          value={values.minFee}
          error={errors.minFee}
          onChange={(event) => change('minFee', event.target.value)}
        />
        {formError && (
          <p className="fb-form-error" role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
