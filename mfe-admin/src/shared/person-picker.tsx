import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { roleLabel, useDebouncedValue, type User } from '@fragtbud/web';
import { useUser, usersQueryOptions } from './api/admin-users-api';
import { personIdOf, personLabel } from './person-names';

export type PersonRole = 'carrier' | 'customer';

export interface PersonPickerProps {
  label: string;
  /** Whom the list offers: carriers or customers (GET /users?role=&q=). */
  role: PersonRole;
  /** The chosen person's id as text ('' for nobody); a typed number is taken as an id. */
  value: string;
  onChange: (id: string) => void;
  error?: string | null;
  /** Under the field when nobody is chosen. */
  hint?: ReactNode;
}

/** At most this many people in the list; the admin narrows the search to find others. */
const SHOWN = 8;
const MIN_SEARCH = 2;

const ROLE_NOUN: Record<PersonRole, string> = { carrier: 'en vognmand', customer: 'en kunde' };

/** 'Vognmand · #3 · viggo@example.dk', the line under a person's name. */
export const personFacts = (user: Pick<User, 'id' | 'role' | 'email'>) => [roleLabel(user.role), `#${user.id}`, user.email].filter(Boolean).join(' · ');

/** Whom the chosen id names, by name, role and id, so the admin reads a person, not a number. */
function ChosenPerson({ id, role }: { id: number; role: PersonRole }) {
  const user = useUser(id);
  if (user.isPending) return <>Henter …</>;
  if (user.error) return null;
  if (!user.data) return <span className="person-picker__problem">Der findes ingen bruger med id {id}.</span>;
  if (user.data.role !== role) return <span className="person-picker__problem">{personLabel(user.data)} er ikke {ROLE_NOUN[role]}.</span>;
  return (
    <>
      Valgt: <strong>{personLabel(user.data)}</strong> ({personFacts(user.data)})
    </>
  );
}

/**
 * The admin names a carrier or a customer by searching their name, company or e-mail (the users search API) and
 * choosing one; the list shows each person's role and id. A number typed is taken as the id itself. What the form
 * keeps is the id.
 */
export function PersonPicker({ label, role, value, onChange, error, hint }: PersonPickerProps) {
  const inputId = useId();
  const listId = `${inputId}-list`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The value the field last sent: another one came from outside (a link, a reset, a reload) and is shown as typed.
  const [sent, setSent] = useState(value);
  if (sent !== value) {
    setSent(value);
    setText(value);
  }
  const emit = (id: string) => {
    setSent(id);
    onChange(id);
  };
  const search = useDebouncedValue(text.trim(), 250);
  const searching = open && search.length >= MIN_SEARCH && personIdOf(search) === null;
  const found = useQuery({ ...usersQueryOptions(role, search), enabled: searching });
  const people = searching ? (found.data ?? []).slice(0, SHOWN) : [];
  const chosenId = personIdOf(value);

  const choose = (user: User) => {
    setText(personLabel(user));
    setOpen(false);
    emit(String(user.id));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!people.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : people.length - 1)) % people.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const person = people[Math.min(active, people.length - 1)];
      if (person) choose(person);
    } else if (event.key === 'Escape') setOpen(false);
  };

  const describedBy = [`${inputId}-hint`, error ? `${inputId}-error` : null].filter(Boolean).join(' ');
  const expanded = open && searching && (people.length > 0 || !found.isFetching);
  return (
    <div className={`fb-field person-picker${error ? ' fb-field--invalid' : ''}`}>
      <label className="fb-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="fb-input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && people.length ? `${listId}-${Math.min(active, people.length - 1)}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          setOpen(true);
          setActive(0);
          // A number is an id; a name is a search until a person is chosen from the list.
          const id = personIdOf(typed.trim());
          emit(id === null ? '' : String(id));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={`${label}: søgeresultater`} className="person-picker__list" hidden={!expanded}>
        {people.map((user, index) => (
          <li
            key={user.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="person-picker__option"
            // Chosen on mouse down, before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(user);
            }}
          >
            <span className="person-picker__name">{personLabel(user)}</span>
            <span className="person-picker__facts">{personFacts(user)}</span>
          </li>
        ))}
        {expanded && people.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected={false} className="person-picker__none">
            Ingen {role === 'carrier' ? 'vognmænd' : 'kunder'} matcher '{search}'.
          </li>
        ) : null}
      </ul>
      <p className="fb-field__hint" id={`${inputId}-hint`}>
        {chosenId !== null ? <ChosenPerson id={chosenId} role={role} /> : (hint ?? 'Søg på navn, firma eller e-mail, eller skriv et id.')}
      </p>
      {error && (
        <p className="fb-field__error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
