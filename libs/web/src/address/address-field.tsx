import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from '../ui/class-names';
import { addressFromSuggestion, addressFromText, type SuggestedAddress, type AddressValue } from './address-suggestion';
import { useAddressSuggestions, type SuggestAddresses } from './use-address-suggestions';
import './address-field.css';

export interface AddressFieldProps {
  label: ReactNode;
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  name?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  onBlur?: () => void;
  /** Where suggestions come from; GET /api/geo/suggest unless a test or another screen says otherwise. */
  suggest?: SuggestAddresses;
}

/**
 * A text field for an address that offers suggestions while typing (WAI-ARIA combobox with a listbox).
 * Typing keeps only the text; choosing a suggestion fills the text and keeps its details (postal code, city,
 * coordinates). With no suggestions — none configured, none found, the search failed — it is a plain text field.
 */
export function AddressField({
  label,
  value,
  onChange,
  error,
  hint,
  id,
  name,
  placeholder,
  required,
  disabled,
  className,
  onBlur,
  suggest,
}: AddressFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-suggestions`;
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { items } = useAddressSuggestions(typed, suggest);

  const expanded = open && items.length > 0 && !disabled;
  const activeIndex = expanded && active < items.length ? active : -1;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  function choose(suggestion: SuggestedAddress) {
    onChange(addressFromSuggestion(suggestion));
    setTyped(null);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!expanded) {
        setOpen(true);
        setActive(step === 1 ? 0 : items.length - 1);
        return;
      }
      setActive(activeIndex === -1 ? (step === 1 ? 0 : items.length - 1) : (activeIndex + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      const suggestion = activeIndex >= 0 ? items[activeIndex] : undefined;
      if (suggestion) {
        event.preventDefault();
        choose(suggestion);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={classNames('fb-field', 'fb-address', error && 'fb-field--invalid', className)}>
      <label className="fb-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="fb-address__control">
        <span className="fb-address__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21Z" />
            <circle cx="12" cy="9.5" r="2.5" />
          </svg>
        </span>
        <input
          id={inputId}
          name={name}
          type="text"
          className="fb-input fb-address__input"
          value={value.address}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const text = event.target.value;
            onChange(addressFromText(text));
            setTyped(text);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
        />
        <ul id={listId} role="listbox" aria-label="Adresseforslag" className="fb-address__list" hidden={!expanded}>
          {expanded &&
            items.map((suggestion, index) => (
              <li
                key={`${suggestion.placeId ?? suggestion.label}-${index}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={classNames('fb-address__option', index === activeIndex && 'fb-address__option--active')}
                // Keep focus in the input, so choosing with the mouse does not blur (and close) the list first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(suggestion)}
              >
                {suggestion.label}
              </li>
            ))}
        </ul>
      </div>
      {hint && (
        <p className="fb-field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="fb-field__error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
