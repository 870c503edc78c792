import { z } from 'zod';

export const roles = ['customer', 'carrier', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Roles a person may choose when registering: admins are never self-registered. */
export const selfRegistrableRoles = ['customer', 'carrier'] as const;

export const roleLabels: Record<Role, string> = {
  customer: 'Kunde',
  carrier: 'Vognmand',
  admin: 'Administrator',
};

/** The caller as services see it, carried by the gateway's internal token. */
export const authUserSchema = z.object({
  id: z.number().int().positive(),
  role: roleSchema,
  approved: z.boolean(),
  blocked: z.boolean(),
  name: z.string(),
  email: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
