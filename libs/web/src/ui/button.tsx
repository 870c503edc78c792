import { useEffect, useRef, type ButtonHTMLAttributes, type Ref } from 'react';
import { classNames } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The button itself, e.g. to give it focus back. */
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: 'small' | 'medium' | 'large';
  /** Shows a spinner, disables the button and marks it busy while an action runs. */
  loading?: boolean;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  loading = false,
  fullWidth = false,
  disabled,
  type = 'button',
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  const own = useRef<HTMLButtonElement | null>(null);
  const focusBack = useRef(false);
  // A focused button that is disabled while it loads drops the keyboard to the top of the page. One that had focus
  // when it started loading takes it back when done (a refused form), unless the user has moved on meanwhile.
  if (loading && own.current && own.current.ownerDocument.activeElement === own.current) focusBack.current = true;
  useEffect(() => {
    const button = own.current;
    if (loading || !focusBack.current || !button) return;
    focusBack.current = false;
    const active = button.ownerDocument.activeElement;
    if (!active || active === button.ownerDocument.body) button.focus();
  }, [loading]);
  const setRef = (node: HTMLButtonElement | null) => {
    own.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  return (
    <button
      {...rest}
      ref={setRef}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={classNames(
        'fb-button',
        `fb-button--${variant}`,
        size !== 'medium' && `fb-button--${size}`,
        fullWidth && 'fb-button--full',
        className,
      )}
    >
      {loading && <span className="fb-button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
