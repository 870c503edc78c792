import { roleLabel, type Role } from '../domain/user';

export function RoleBadge({ role }: { role: Role | string }) {
  return <span className={`fb-badge fb-badge--role fb-badge--${role}`}>{roleLabel(role)}</span>;
}
