/*
 * Kept apart from notifications.ts (which defines zod schemas): the web kit's session store checks live
 * notifications against this list on every page, and importing it must not pull zod into the first download.
 */

/** Kinds that change what the user's session says of them (approved, blocked): an open page refreshes it. */
export const accountNotificationKinds = ['account_approved', 'account_rejected', 'account_blocked'] as const;
