import type { Role, TaskType } from '@fragtbud/web';

export interface NavigationLink {
  to: string;
  label: string;
}

/**
 * Header links of spec section 2, for a visitor (null) or a signed-in role. A visitor has no dashboard or profile
 * (issue 13 item 7), and 'Opret Opgave' lets them post as a guest.
 */
export function headerLinksFor(role: Role | null): NavigationLink[] {
  const links: NavigationLink[] = [{ to: '/BrowseTasks', label: 'Opgaver' }];
  if (role === null) {
    links.push({ to: '/create-task?guest=1', label: 'Opret Opgave' });
    return links;
  }
  if (role !== 'carrier') links.push({ to: '/create-task', label: 'Opret Opgave' });
  links.push({ to: '/dashboard', label: 'Dashboard' });
  if (role === 'admin') links.push({ to: '/AdminDashboard', label: 'Admin Dashboard' });
  if (role !== 'admin') links.push({ to: '/profile', label: 'Profil' });
  return links;
}

/**
 * The footer's service link for one task type (spec section 2), somewhere real for each role: carriers and admins
 * browse that type's tasks at /tasks; a customer creates one; a visitor starts one as a guest, as the home page does.
 */
export function serviceLinkFor(type: TaskType, role: Role | null): string {
  if (role === 'carrier' || role === 'admin') return `/tasks?type=${type}`;
  return role === null ? `/create-task?type=${type}&guest=1` : `/create-task?type=${type}`;
}
