import { z } from 'zod';
import { roleSchema } from './roles';

/** Every event travels in this envelope; `id` is the dedupe key end to end (outbox → NATS msgID → inbox). */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z_]+\.[a-z_]+$/),
  occurredAt: z.string(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** Subjects are `<service>.<entity>.<event>`. */
export const eventTypes = {
  userRegistered: 'identity.user.registered',
  userApproved: 'identity.user.approved',
  userRejected: 'identity.user.rejected',
  userBlocked: 'identity.user.blocked',
  userUnblocked: 'identity.user.unblocked',
  userDeleted: 'identity.user.deleted',
} as const;
export type EventType = (typeof eventTypes)[keyof typeof eventTypes];

const userRef = z.object({ userId: z.number().int().positive() });

export const eventPayloadSchemas = {
  [eventTypes.userRegistered]: userRef.extend({
    role: roleSchema,
    name: z.string(),
    email: z.string(),
  }),
  [eventTypes.userApproved]: userRef.extend({ approvedBy: z.number().int().positive() }),
  [eventTypes.userRejected]: userRef.extend({ rejectedBy: z.number().int().positive() }),
  [eventTypes.userBlocked]: userRef.extend({ blockedBy: z.number().int().positive() }),
  [eventTypes.userUnblocked]: userRef.extend({ unblockedBy: z.number().int().positive() }),
  [eventTypes.userDeleted]: userRef.extend({ deletedBy: z.number().int().positive() }),
} satisfies Record<EventType, z.ZodType>;

export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;

/** The payload schema for an event type, if the contracts know it. */
export function payloadSchemaFor(type: string): z.ZodType | undefined {
  return (eventPayloadSchemas as Record<string, z.ZodType>)[type];
}
