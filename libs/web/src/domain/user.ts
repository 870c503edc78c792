import { roleLabels, type ProfileUser, type Role, type User } from '@fragtbud/contracts';

export type { ProfileUser, Role, User };

export function roleLabel(role: Role | string | undefined | null): string {
  if (role && role in roleLabels) return roleLabels[role as Role];
  return 'Ukendt rolle';
}

/** The name, or the e-mail for someone who has not given one. */
export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() || user.email;
}
