import { useState } from 'react';
import { carrierListCreateSchema } from '@fragtbud/contracts';
import { Button, Field, Modal, formatDkkFromKroner } from '@fragtbud/web';
import { applyServerFieldErrors, fieldError, useContractForm } from '@fragtbud/web/forms';
import { adminActionError } from '../../shared/action-error';
import { inputToNumber, numberToInput, typedTextSchema } from '../../shared/form-values';
import type { CarrierList, CarrierListInput } from './carrier-lists-api';
import { CARRIER_LIST_MESSAGES } from './messages';

const FIELDS = ['name', 'description', 'feePercentage', 'fixedFee', 'minFee'] as const satisfies ReadonlyArray<keyof CarrierListInput>;
type FormValues = Record<(typeof FIELDS)[number], string>;

const EMPTY_FORM: FormValues = { name: '', description: '', feePercentage: '', fixedFee: '0', minFee: '0' };

/** The body as the service takes it: fees typed the Danish way ('1.234,50'); text that is no number is NaN and refused. */
function inputOf(values: FormValues): CarrierListInput {
  return {
    name: values.name,
    description: values.description,
    feePercentage: inputToNumber(values.feePercentage),
    fixedFee: inputToNumber(values.fixedFee),
    minFee: inputToNumber(values.minFee),
  };
}

/** The fields as typed, checked with the service's own schema (POST /admin/carrier-lists) and its Danish messages. */
const carrierListFormSchema = typedTextSchema(FIELDS, carrierListCreateSchema, inputOf);

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
  const form = useContractForm(carrierListFormSchema, { defaultValues: valuesOf(list) });
  const [formError, setFormError] = useState<string | null>(null);
  const saving = form.formState.isSubmitting;
  const formId = list ? `carrier-list-form-${list.id}` : 'carrier-list-form-new';
  const [fixedFee, minFee] = form.watch(['fixedFee', 'minFee']);

  const submit = form.handleSubmit(
    async (typed) => {
      setFormError(null);
      try {
        await onSubmit(inputOf(typed));
      } catch (error) {
        applyServerFieldErrors(form, error);
        setFormError(adminActionError(error, CARRIER_LIST_MESSAGES.couldNotUpdate));
      }
    },
    () => setFormError(null),
  );

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
      <form id={formId} className="fb-stack" noValidate onSubmit={(event) => void submit(event)}>
        <Field label="Navn" maxLength={50} autoComplete="off" error={fieldError(form, 'name')} {...form.register('name')} />
        <Field
          label="Beskrivelse"
          hint="Valgfri, højst 500 tegn."
          maxLength={500}
          autoComplete="off"
          error={fieldError(form, 'description')}
          {...form.register('description')}
        />
        <Field
          label="Gebyrprocent (%)"
          hint="Carrierens gebyr af nettoprisen, 0–100."
          inputMode="decimal"
          autoComplete="off"
          error={fieldError(form, 'feePercentage')}
          {...form.register('feePercentage')}
        />
        <Field
          label="Fast gebyr (DKK)"
          hint={amountHint(fixedFee, 'Pr. opgave, 0 eller mere.')}
          inputMode="decimal"
          autoComplete="off"
          error={fieldError(form, 'fixedFee')}
          {...form.register('fixedFee')}
        />
        <Field
          label="Minimumsgebyr (DKK)"
          hint={amountHint(minFee, '0 eller mere.')}
          inputMode="decimal"
          autoComplete="off"
          error={fieldError(form, 'minFee')}
          {...form.register('minFee')}
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
