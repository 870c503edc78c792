import { SelectField } from '@fragtbud/web';
import { NO_LIST_LABEL, carrierListLabel } from './carrier-list-label';
import type { CarrierList, CarrierListAssignment } from './carrier-lists-api';
import './carrier-lists.css';

export interface CarrierListPickerProps {
  lists: readonly CarrierList[];
  assignment: CarrierListAssignment | undefined;
  busy: boolean;
  disabled?: boolean;
  /** A list id, or null to take the carrier off their list. */
  onChange: (listId: number | null) => void;
}

/** A carrier's list shown as 'A (8% gebyr)', and a select to put them on another list or take them off. */
export function CarrierListPicker({ lists, assignment, busy, disabled = false, onChange }: CarrierListPickerProps) {
  const current = assignment ? carrierListLabel(assignment.list) : NO_LIST_LABEL;
  const options = [...lists].sort((a, b) => a.name.localeCompare(b.name, 'da'));
  // A list deleted since the page loaded still shows as the carrier's current one.
  const currentMissing = assignment && !options.some((list) => list.id === assignment.listId);
  return (
    <div className="carrier-card__list">
      <SelectField
        label="Carrier-liste"
        value={assignment ? String(assignment.listId) : ''}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{NO_LIST_LABEL}</option>
        {currentMissing && <option value={String(assignment.listId)}>{current}</option>}
        {options.map((list) => (
          <option key={list.id} value={String(list.id)}>
            {carrierListLabel(list)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
