import { parsePostalCity, type Task } from '@fragtbud/contracts';

type TaskPlaces = Pick<Task, 'from_address' | 'to_address' | 'from_postal_code' | 'from_city' | 'to_postal_code' | 'to_city'>;

/**
 * Postal code and city of one end of the route ('8000 Aarhus C'): the public view's fields, else what the
 * address text holds, else the address itself. Cards show only this, never a street (spec sections 2 and 6).
 */
export function taskPlace(task: TaskPlaces, end: 'from' | 'to'): string {
  const postalCode = end === 'from' ? task.from_postal_code : task.to_postal_code;
  const city = end === 'from' ? task.from_city : task.to_city;
  const known = [postalCode, city].filter(Boolean).join(' ');
  if (known) return known;
  const address = (end === 'from' ? task.from_address : task.to_address) ?? '';
  const parsed = parsePostalCity(address);
  const fromText = [parsed.postalCode, parsed.city].filter(Boolean).join(' ');
  return fromText || 'Ukendt';
}

/** The full address where the caller may see it, else postal code and city. */
export function taskAddress(task: TaskPlaces, end: 'from' | 'to'): string {
  const address = end === 'from' ? task.from_address : task.to_address;
  return address?.trim() || taskPlace(task, end);
}
