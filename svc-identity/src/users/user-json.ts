import type { ProfileUser, User } from '@fragtbud/contracts';
import type { AuthUser } from '@fragtbud/contracts';
import type { SavedAddressRow, UserRow } from './repo';

/** A user as the API shows it (contracts userSchema); never the password hash. */
export function toUserJson(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    cvrNumber: row.cvr_number,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    role: row.role,
    is_approved: row.is_approved,
    is_blocked: row.is_blocked,
    createdAt: new Date(row.created_at).toISOString(),
    emailVerified: row.email_verified_at !== null,
    twoFactorEnabled: row.totp_enabled_at !== null,
  };
}

export function toProfileJson(row: UserRow, addresses: SavedAddressRow[]): ProfileUser {
  return {
    ...toUserJson(row),
    savedAddresses: addresses.map((address) => ({ id: address.id, name: address.name, address: address.address })),
  };
}

/** The caller as the gateway forwards it in the internal token. */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    role: row.role,
    approved: row.is_approved,
    blocked: row.is_blocked,
    name: row.name,
    email: row.email,
  };
}
