import { useId } from 'react';
import { classNames, Field } from '@fragtbud/web';
import { DIMENSION_PARTS, type DimensionKey } from '../model/task-fields';
import type { DimensionsInput as DimensionsValue } from '../model/task-form';

export interface DimensionsInputProps {
  label: string;
  value: DimensionsValue;
  onChange: (value: DimensionsValue) => void;
  /** Errors keyed by 'length', 'width', 'height'. */
  errors: Partial<Record<DimensionKey, string>>;
  hint?: string;
}

/** Length × width × height in whole or decimal centimetres (`40,5`), each at least 1 (spec section 5). */
export function DimensionsInput({ label, value, onChange, errors, hint }: DimensionsInputProps) {
  const id = useId();
  return (
    <fieldset className={classNames('ct-dimensions', Object.values(errors).some(Boolean) && 'ct-dimensions--invalid')} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="fb-field__label">{label} (cm)</legend>
      <div className="ct-dimensions__inputs">
        {DIMENSION_PARTS.map((part) => (
          <Field
            key={part.key}
            label={part.label}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={value[part.key]}
            onChange={(event) => onChange({ ...value, [part.key]: event.target.value })}
            error={errors[part.key]}
            className="ct-dimensions__part"
          />
        ))}
      </div>
      {hint && (
        <p className="fb-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
