/** Until `@fragtbud/contracts` exports these, the web kit keeps its own copy of the user shape (API.md). */
export type Role = 'customer' | 'carrier' | 'admin';

export interface User {
  id: number;
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  role: Role;
  is_approved?: boolean;
  is_blocked?: boolean;
  created_at?: string;
}

const ROLE_LABELS: Record<Role, string> = {
  customer: 'Kunde',
  carrier: 'Vognmand',
  admin: 'Administrator',
};

export function roleLabel(role: Role | string | undefined | null): string {
  if (role && role in ROLE_LABELS) return ROLE_LABELS[role as Role];
  return 'Ukendt rolle';
}

export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() || user.email;
}
