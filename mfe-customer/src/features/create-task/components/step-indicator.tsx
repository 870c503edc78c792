import { classNames } from '@fragtbud/web';

export type WizardStep = 1 | 2 | 3;

const STEPS: ReadonlyArray<{ step: WizardStep; label: string }> = [
  { step: 1, label: 'Vælg opgavetype' },
  { step: 2, label: 'Udfyld detaljer' },
  { step: 3, label: 'Bekræft og send' },
];

export interface StepIndicatorProps {
  current: WizardStep;
  /** Steps the user may jump back to. */
  onGoTo: (step: WizardStep) => void;
  /** The furthest step that can be opened now. */
  reachable: WizardStep;
}

export function StepIndicator({ current, onGoTo, reachable }: StepIndicatorProps) {
  return (
    <nav aria-label="Trin" className="ct-steps">
      <ol className="ct-steps__list">
        {STEPS.map(({ step, label }) => {
          const state = step === current ? 'current' : step < current ? 'done' : 'todo';
          const content = (
            <>
              <span className="ct-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : step}
              </span>
              <span className="ct-steps__label">
                <span className="fb-visually-hidden">Trin {step}: </span>
                {label}
              </span>
            </>
          );
          return (
            <li key={step} className={classNames('ct-steps__item', `ct-steps__item--${state}`)} aria-current={state === 'current' ? 'step' : undefined}>
              {state !== 'current' && step <= reachable && step < current ? (
                // On a phone only the number shows (the label is hidden), so the button carries its name itself.
                <button type="button" className="ct-steps__link" onClick={() => onGoTo(step)} aria-label={`Trin ${step}: ${label}`}>
                  {content}
                </button>
              ) : (
                <span className="ct-steps__link">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
