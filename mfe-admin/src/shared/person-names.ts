import { displayName, type User } from '@fragtbud/web';

/** Shown for a person until identity's announcement of them has reached the service (never their number). */
export const UNKNOWN_CARRIER = 'Vognmand (navn ukendt)';
export const UNKNOWN_CUSTOMER = 'Kunde (navn ukendt)';

/** A user as the admin lists show people: 'Navn (Firma)', or the name alone. */
export function personLabel(user: Pick<User, 'name' | 'email' | 'company'>): string {
  return user.company ? `${displayName(user)} (${user.company})` : displayName(user);
}

/** An id typed or linked as Carrier ID / Customer ID: the number, or null when it cannot be one. */
export function personIdOf(text: string | number | undefined): number | null {
  const id = Number(text);
  return text !== undefined && text !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
