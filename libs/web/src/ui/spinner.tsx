import { classNames } from './class-names';

export interface SpinnerProps {
  /** Read out to screen readers and, unless `inline`, shown beside the spinner. */
  label?: string;
  inline?: boolean;
  className?: string;
}

export function Spinner({ label = 'Indlæser…', inline = false, className }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className={classNames('fb-spinner', inline && 'fb-spinner--inline', className)}>
      <span className="fb-spinner__wheel" aria-hidden="true" />
      <span className={inline ? 'fb-visually-hidden' : 'fb-spinner__label'}>{label}</span>
    </span>
  );
}
