/*
 * Lists of notification kinds the web kit checks live events against on every page. Kept apart from
 * notifications.ts (which defines zod schemas): importing them must not pull zod into the first download.
 * notifications.ts checks at compile time that each is a list of notification kinds.
 */

/** Kinds that tell of money that moved for the user: their finance and payments views are stale. */
export const moneyNotificationKinds = ['refund', 'extra_charge', 'payout_paid', 'adjustment'] as const;

/** Kinds that change what the user's session says of them (approved, blocked): an open page refreshes it. */
export const accountNotificationKinds = ['account_approved', 'account_rejected', 'account_blocked'] as const;
