import type { TaskType } from '@fragtbud/contracts';
import { classNames, TASK_TYPES, TaskTypeIcon } from '@fragtbud/web';

export interface TypeStepProps {
  selected: TaskType | null;
  onSelect: (type: TaskType) => void;
  error?: string | null;
}

/** Step 1: the five task types as cards; choosing one moves on to its form. */
export function TypeStep({ selected, onSelect, error }: TypeStepProps) {
  return (
    <div className="ct-step">
      <h2 className="ct-step__title" id="ct-type-title" tabIndex={-1}>
        Hvad skal transporteres?
      </h2>
      <p className="ct-step__lead">Vælg den type opgave, der passer bedst. Du kan altid gå tilbage og skifte.</p>
      {error && (
        <p className="fb-form-error ct-type-error" role="alert" id="ct-type-error">
          {error}
        </p>
      )}
      <ul className="ct-types" aria-labelledby="ct-type-title" aria-describedby={error ? 'ct-type-error' : undefined}>
        {TASK_TYPES.map((info) => {
          const active = info.type === selected;
          return (
            <li key={info.type}>
              <button
                type="button"
                className={classNames('ct-type', active && 'ct-type--active')}
                aria-pressed={active}
                onClick={() => onSelect(info.type)}
              >
                <span className="ct-type__icon">
                  <TaskTypeIcon type={info.type} size={30} />
                </span>
                <span className="ct-type__text">
                  <span className="ct-type__label">{info.label}</span>
                  <span className="ct-type__description">{info.description}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
