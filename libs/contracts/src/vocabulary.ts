/*
 * The marketplace's fixed vocabulary as plain values, without zod: role, task type, task status and bid status
 * names with their Danish labels. The schemas in roles.ts, task-types.ts, bids.ts and tasks.ts are built from these
 * and re-export them; keeping them apart lets a page that only shows labels load without the schema library.
 */

export const roles = ['customer', 'carrier', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles a person may choose when registering: admins are never self-registered. */
export const selfRegistrableRoles = ['customer', 'carrier'] as const;

export const roleLabels: Record<Role, string> = {
  customer: 'Kunde',
  carrier: 'Vognmand',
  admin: 'Administrator',
};

export const taskTypes = ['moving', 'courier', 'package', 'furniture', 'fullload'] as const;
export type TaskType = (typeof taskTypes)[number];

export const taskTypeLabels: Record<TaskType, string> = {
  moving: 'Flytning',
  courier: 'Kurertransport',
  package: 'Palle og pakker',
  furniture: 'Møbeltransport',
  fullload: 'Fulloads',
};

export const taskStatuses = [
  'pending_admin_review',
  'created',
  'open_for_bids',
  'assigned',
  'paid',
  'picked_up',
  'in_transit',
  'in_progress',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** Once a task is in one of these, only an admin may delete its pickup or delivery proofs (spec section 6). */
export const proofDeletionClosedStatuses: readonly TaskStatus[] = ['delivered', 'completed', 'cancelled'];

export const bidStatuses = ['pending', 'accepted', 'rejected'] as const;
export type BidStatus = (typeof bidStatuses)[number];

export const bidStatusLabels: Record<BidStatus, string> = {
  pending: 'Afventer',
  accepted: 'Accepteret',
  rejected: 'Afvist',
};

/** Postal code + city from an address text: the last `dddd City` in it (e.g. 'Vestergade 1, 8000 Aarhus C'). */
export function parsePostalCity(address: string): { postalCode: string | null; city: string | null } {
  const matches = [...address.matchAll(/(?:^|[\s,])(\d{4})\s+([A-Za-zÆØÅæøåÉéÜüÖöÄä][A-Za-zÆØÅæøåÉéÜüÖöÄä .'-]*)/g)];
  const last = matches.at(-1);
  if (!last) return { postalCode: null, city: null };
  const cityText = (last[2] ?? '').split(',')[0]?.trim().replace(/\s+/g, ' ') ?? '';
  const withoutCountry = cityText.replace(/\s+(Danmark|Denmark|DK)$/i, '').trim();
  return { postalCode: last[1] ?? null, city: withoutCountry || null };
}
