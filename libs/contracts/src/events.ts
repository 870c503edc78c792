import { z } from 'zod';
import { roleSchema } from './roles';
import { taskStatusSchema, taskTypeSchema } from './task-types';

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
  taskCreated: 'tasks.task.created',
  taskUpdated: 'tasks.task.updated',
  taskStatusChanged: 'tasks.task.status_changed',
  taskDeleted: 'tasks.task.deleted',
  ledgerSettingsUpdated: 'ledger.settings.updated',
  carrierListAssigned: 'ledger.carrier_list.assigned',
  carrierListUnassigned: 'ledger.carrier_list.unassigned',
} as const;
export type EventType = (typeof eventTypes)[keyof typeof eventTypes];

const userRef = z.object({ userId: z.number().int().positive() });
/** Task events name the task and its owner (null for a guest's task). */
const taskRef = z.object({ taskId: z.number().int().positive(), userId: z.number().int().positive().nullable() });

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
  [eventTypes.taskCreated]: taskRef.extend({
    type: taskTypeSchema,
    status: taskStatusSchema,
    isGuest: z.boolean(),
    fromPostalCode: z.string().nullable(),
    fromCity: z.string().nullable(),
    toPostalCode: z.string().nullable(),
    toCity: z.string().nullable(),
    maxBids: z.number().int().nullable(),
    createdBy: z.number().int().positive().nullable(),
  }),
  [eventTypes.taskUpdated]: taskRef.extend({
    type: taskTypeSchema,
    status: taskStatusSchema,
    /** Names of the fields that changed (snake_case task fields). */
    changed: z.array(z.string()),
    updatedBy: z.number().int().positive(),
  }),
  [eventTypes.taskStatusChanged]: taskRef.extend({
    type: taskTypeSchema,
    from: taskStatusSchema,
    to: taskStatusSchema,
    assignedCarrierId: z.number().int().positive().nullable(),
    /** The user who changed it; null when a service did on an event. */
    changedBy: z.number().int().positive().nullable(),
  }),
  [eventTypes.taskDeleted]: taskRef.extend({ deletedBy: z.number().int().positive() }),
  /** The platform settings after an admin's change; money in øre; `changed` names the fields that changed. */
  [eventTypes.ledgerSettingsUpdated]: z.object({
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    vatPercentage: z.number(),
    minFeeOre: z.number().int(),
    maxBids: z.number().int().positive(),
    changed: z.array(z.string()),
    updatedBy: z.number().int().positive(),
  }),
  /** A carrier was put on a list (or moved from `previousListId`); the list's fee in force from now on. */
  [eventTypes.carrierListAssigned]: userRef.extend({
    assignmentId: z.number().int().positive(),
    listId: z.number().int().positive(),
    listName: z.string(),
    feePercentage: z.number(),
    fixedFeeOre: z.number().int(),
    previousListId: z.number().int().positive().nullable(),
    assignedBy: z.number().int().positive(),
  }),
  /** A carrier is on no list any more (the default fee applies); `unassignedBy` null when their account was deleted. */
  [eventTypes.carrierListUnassigned]: userRef.extend({
    assignmentId: z.number().int().positive(),
    listId: z.number().int().positive(),
    unassignedBy: z.number().int().positive().nullable(),
  }),
} satisfies Record<EventType, z.ZodType>;

export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;

/** The payload schema for an event type, if the contracts know it. */
export function payloadSchemaFor(type: string): z.ZodType | undefined {
  return (eventPayloadSchemas as Record<string, z.ZodType>)[type];
}
