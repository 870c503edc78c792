import { z } from 'zod';
import { roles } from './vocabulary';

export { roleLabels, roles, selfRegistrableRoles, type Role } from './vocabulary';
export const roleSchema = z.enum(roles);

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
