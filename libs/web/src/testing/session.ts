import type { User } from '@fragtbud/contracts';
import { useSession } from '../session/session-store';

let nextId = 100;

/** A user as the API returns it, with sensible defaults for a test. */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Bruger ${id}`,
    email: `bruger${id}@example.dk`,
    phone: null,
    company: null,
    cvrNumber: null,
    address: null,
    postalCode: null,
    city: null,
    country: null,
    role: 'customer',
    is_approved: true,
    is_blocked: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    emailVerified: true,
    twoFactorEnabled: false,
    ...overrides,
  };
}

/** Puts the session store in a known state: signed in as `user`, or a visitor. */
export function setSession(user: User | null): void {
  useSession.setState({ user, status: 'ready', expired: false });
}
