/*
 * The SSE event types a browser receives (GET /api/events). Kept apart from chat.ts (zod schemas): the web kit's
 * live channel listens for each on every page, and importing the list must not pull zod into the first download.
 */
export const liveEventTypes = [
  'chat.message',
  'chat.read',
  'notification',
  'task.status',
  'bid.placed',
  'bid.updated',
  'freight_note',
  /** To admins: a carrier was approved, rejected or blocked (`{ userId, status }`); their open users and carriers lists refetch. */
  'account.status',
] as const;

export type LiveEventType = (typeof liveEventTypes)[number];
