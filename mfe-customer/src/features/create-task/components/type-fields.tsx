import type { TaskType } from '@fragtbud/contracts';
import { classNames, Field, SelectField } from '@fragtbud/web';
import { TASK_FIELD_GROUPS, type FieldDef } from '../model/task-fields';
import { emptyDimensions, type DetailInput, type DetailsInput, type DimensionsInput as DimensionsValue, type FieldErrors, type PalletLineInput } from '../model/task-form';
import { DimensionsInput } from './dimensions-input';
import { CheckboxField, FieldLabel, FormSection } from './form-controls';
import { PalletLines } from './pallet-lines';

export interface TypeFieldsProps {
  type: TaskType;
  values: DetailsInput;
  onChange: (key: string, value: DetailInput) => void;
  /** All the form's errors; this part reads those under 'details.'. */
  errors: FieldErrors;
}

/** Errors under `prefix.`, with the prefix taken off. */
function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = message;
  }
  return out;
}

function Control({ field, values, onChange, errors }: { field: FieldDef } & Omit<TypeFieldsProps, 'type'>) {
  const error = errors[`details.${field.key}`];
  switch (field.kind) {
    case 'select':
      return (
        <SelectField
          label={<FieldLabel text={field.label} required={field.required} />}
          required={field.required}
          value={String(values[field.key] ?? '')}
          onChange={(event) => onChange(field.key, event.target.value)}
          error={error}
          hint={field.hint}
        >
          <option value="">{field.placeholder}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    case 'number':
      return (
        <Field
          label={<FieldLabel text={field.label} required={field.required} unit={field.unit} />}
          required={field.required}
          // A text field for every number: a number input drops or reads a Danish comma its own way ('2,5' became 25),
          // so what was typed reaches the form's check as typed — decimals the Danish way, counts refused with a decimal.
          type="text"
          inputMode={Number.isInteger(field.step) ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={String(values[field.key] ?? '')}
          onChange={(event) => onChange(field.key, event.target.value)}
          error={error}
          hint={field.hint}
        />
      );
    case 'text':
      return (
        <Field
          label={<FieldLabel text={field.label} required={field.required} />}
          required={field.required}
          type={field.inputType ?? 'text'}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          maxLength={field.key === 'heavyItems' ? 1000 : 200}
          value={String(values[field.key] ?? '')}
          onChange={(event) => onChange(field.key, event.target.value)}
          error={error}
          hint={field.hint}
          className={classNames(field.wide && 'ct-grid__wide')}
        />
      );
    case 'checkbox':
      return <CheckboxField label={field.label} checked={values[field.key] === true} onChange={(checked) => onChange(field.key, checked)} error={error} hint={field.hint} />;
    case 'dimensions': {
      // Courier keeps length, width and height directly in details; the form holds them under `dimensions`.
      const stateKey = field.key || 'dimensions';
      const nested = errorsUnder(errors, field.key ? `details.${field.key}` : 'details');
      return (
        <DimensionsInput
          label={field.label}
          hint={field.hint}
          value={(values[stateKey] as DimensionsValue | undefined) ?? emptyDimensions()}
          onChange={(value) => onChange(stateKey, value)}
          errors={{ length: nested.length, width: nested.width, height: nested.height }}
        />
      );
    }
    case 'pallets':
      return (
        <PalletLines
          lines={(values[field.key] as PalletLineInput[] | undefined) ?? []}
          onChange={(lines) => onChange(field.key, lines)}
          palletTypes={field.palletTypes}
          errors={errorsUnder(errors, `details.${field.key}`)}
        />
      );
  }
}

/** Every field of spec section 3 for one task type, in titled groups. */
export function TypeFields({ type, values, onChange, errors }: TypeFieldsProps) {
  return (
    <>
      {TASK_FIELD_GROUPS[type].map((group) => {
        const inputs = group.fields.filter((field) => field.kind !== 'checkbox' && field.kind !== 'dimensions' && field.kind !== 'pallets');
        const blocks = group.fields.filter((field) => field.kind === 'dimensions' || field.kind === 'pallets');
        const checks = group.fields.filter((field) => field.kind === 'checkbox');
        return (
          <FormSection key={group.title} title={group.title}>
            {inputs.length > 0 && (
              <div className="ct-grid">
                {inputs.map((field) => (
                  <Control key={field.key} field={field} values={values} onChange={onChange} errors={errors} />
                ))}
              </div>
            )}
            {blocks.map((field) => (
              <Control key={field.key || 'dimensions'} field={field} values={values} onChange={onChange} errors={errors} />
            ))}
            {checks.length > 0 && (
              <div className="ct-checks">
                {checks.map((field) => (
                  <Control key={field.key} field={field} values={values} onChange={onChange} errors={errors} />
                ))}
              </div>
            )}
          </FormSection>
        );
      })}
    </>
  );
}
