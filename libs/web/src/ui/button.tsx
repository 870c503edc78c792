import type { ButtonHTMLAttributes, Ref } from 'react';
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
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
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
