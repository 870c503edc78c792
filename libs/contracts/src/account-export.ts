import { z } from 'zod';
import { savedAddressSchema, userSchema } from './identity';
import { messages } from './messages';

/**
 * GET /api/account/export: everything the services hold about the caller, as they may see it. Each part comes
 * from the service that owns it; the shape of each part is that service's own view.
 */
export const accountExportSchema = z.looseObject({
  exportedAt: z.string(),
  profile: userSchema.loose(),
  termsAcceptance: z.object({ termsVersion: z.string().nullable(), privacyVersion: z.string().nullable(), acceptedAt: z.string() }).nullable(),
  savedAddresses: z.array(savedAddressSchema),
  tasks: z.array(z.unknown()),
  bids: z.array(z.unknown()),
  messages: z.array(z.unknown()),
  ratings: z.array(z.unknown()),
  money: z.record(z.string(), z.unknown()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export { accountDeletionTexts } from './error-texts';

/** DELETE /api/account: the account's own password, so a session left open on a shared computer cannot delete it. */
export const deleteAccountBodySchema = z.object({
  currentPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(200, messages.textTooLong),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
