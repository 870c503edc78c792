import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { classNames } from './class-names';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then the hint and the error text right beside the control it belongs to. */
function FieldFrame({ id, label, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={classNames('fb-field', error && 'fb-field--invalid', className)}>
      {/* Required fields are the norm; optional ones say so in their hint, so the label stays the plain name. */}
      <label className="fb-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="fb-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="fb-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The input itself (react-hook-form's `register` passes one). */
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

export function Field({ label, error, hint, id, className, required, ...inputProps }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        {...inputProps}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        className="fb-input"
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  ref?: Ref<HTMLSelectElement>;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

export function SelectField({ label, error, hint, id, className, required, children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} className={className}>
      <select
        {...selectProps}
        id={selectId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, hint, error)}
        className="fb-input fb-select"
      >
        {children}
      </select>
    </FieldFrame>
  );
}
