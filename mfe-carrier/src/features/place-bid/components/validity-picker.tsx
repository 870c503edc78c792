import { Field, SelectField } from '@fragtbud/web';
import type { BidTimeSlot } from '@fragtbud/contracts';
import { CUSTOM, KEEP, TIME_SLOTS, VALIDITY_DAY_OPTIONS, dateBounds, dayOptionLabel, formatValidUntil, type ValidityState } from '../model/validity';

interface ValidityPickerProps {
  value: ValidityState;
  onChange: (value: ValidityState) => void;
  now: Date;
  /** When the bid would end, for the hint; null while the chosen date is not usable. */
  until: Date | null;
  error: string | null;
  /** Editing a bid: offers 'Uændret' (the bid keeps its validity). */
  keep?: boolean;
}

/** Validity: 1, 2, 3, 7 or 14 days, or a chosen date with a time slot (spec sections 5 and 9). */
export function ValidityPicker({ value, onChange, now, until, error, keep = false }: ValidityPickerProps) {
  const custom = value.choice === CUSTOM;
  const bounds = dateBounds(now);
  const hint = until ? `Buddet gælder til ${formatValidUntil(until)}.` : undefined;
  return (
    <fieldset className="validity-picker">
      <legend className="validity-picker__legend">Buddets gyldighed</legend>
      <SelectField
        label="Gyldighed"
        value={value.choice}
        onChange={(event) => onChange({ ...value, choice: event.target.value })}
        hint={custom ? undefined : hint}
      >
        {keep && <option value={KEEP}>Uændret</option>}
        {VALIDITY_DAY_OPTIONS.map((days) => (
          <option key={days} value={String(days)}>
            {dayOptionLabel(days)}
          </option>
        ))}
        <option value={CUSTOM}>Vælg dato</option>
      </SelectField>
      {custom && (
        <div className="validity-picker__custom">
          <Field
            label="Gyldig til dato"
            type="date"
            value={value.date}
            min={bounds.min}
            max={bounds.max}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
            error={error}
          />
          <SelectField
            label="Tidspunkt"
            value={value.time}
            onChange={(event) => onChange({ ...value, time: event.target.value as BidTimeSlot })}
          >
            {TIME_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </SelectField>
          {hint && !error && <p className="fb-field__hint validity-picker__until">{hint}</p>}
        </div>
      )}
    </fieldset>
  );
}
