import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { classNames } from '@fragtbud/web';

/** The label of a field that spec section 5 marks as required: the name, then a star screen readers skip. */
export function FieldLabel({ text, required = false, unit }: { text: string; required?: boolean; unit?: string }) {
  return (
    <>
      {unit ? `${text} (${unit})` : text}
      {required && (
        <span className="ct-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
}

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  error?: string | null;
}

export function CheckboxField({ label, checked, onChange, hint, error }: CheckboxFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classNames('ct-check', checked && 'ct-check--checked', error && 'fb-field--invalid')}>
      <input
        id={id}
        type="checkbox"
        className="ct-check__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id} className="ct-check__label">
        {label}
      </label>
      {hint && (
        <p className="fb-field__hint ct-check__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="fb-field__error ct-check__hint" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

export function TextAreaField({ label, hint, error, className, required, ...rest }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classNames('fb-field', error && 'fb-field--invalid', className)}>
      <label className="fb-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...rest}
        id={id}
        required={required}
        className="fb-input ct-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
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

/** A titled block of the form. */
export function FormSection({ title, lead, children, className }: { title: string; lead?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={classNames('ct-section', className)} aria-labelledby={id}>
      <div className="ct-section__head">
        <h3 id={id} className="ct-section__title">
          {title}
        </h3>
        {lead && <p className="ct-section__lead">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
