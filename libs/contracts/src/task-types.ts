import { z } from 'zod';
import { messages } from './messages';
import { numericInput, pricingLimits } from './pricing';
import { taskStatuses, taskTypeLabels, taskTypes } from './vocabulary';

export { proofDeletionClosedStatuses, taskStatuses, taskTypeLabels, taskTypes, type TaskStatus, type TaskType } from './vocabulary';
export const taskTypeSchema = z.enum(taskTypes);
export const taskStatusSchema = z.enum(taskStatuses);

// ---- task-type settings: a type's own bid limit (spec section 3 "Task type setting"; /admin/task-types) ----

/** A type's name as stored: lower-case a-z, 0-9, '_' and '-', 1–40 characters (svc-tasks task_type_settings.type). */
export const taskTypeSettingNamePattern = /^[a-z0-9_-]{1,40}$/;

/** The five types by their Danish names ('møbeltransport' → furniture), as an admin sees them everywhere else. */
const typeByDanishName = new Map(Object.entries(taskTypeLabels).map(([type, label]) => [label.toLowerCase(), type]));

/**
 * Trims and lowercases text, and reads a type's Danish name as that type (a limit for 'flytning' would be one no task
 * ever has); anything else is left for the schema to refuse.
 */
const lowercasedName = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const name = value.trim().toLowerCase();
  return typeByDanishName.get(name) ?? name;
};

const settingMaxBids = (message: string) =>
  z.preprocess(
    numericInput,
    z.number({ error: message }).int(message).min(1, message).max(pricingLimits.maxBidsMax, messages.maxBidsMax),
  );

/** A type name in a path or body: lowercased, then a-z0-9_- (1–40); `message` otherwise. */
export const taskTypeSettingNameSchema = (message: string) =>
  z.preprocess(lowercasedName, z.string({ error: message }).regex(taskTypeSettingNamePattern, message));

/** One type's own bid limit, as GET/POST/PUT /admin/task-types answer it. */
export const taskTypeSettingSchema = z.object({ type: z.string(), maxBids: z.number().int() });
export type TaskTypeSetting = z.infer<typeof taskTypeSettingSchema>;

/** GET /admin/task-types: every type with its own limit (types without one use the platform's). */
export const taskTypeSettingsSchema = z.object({ items: z.array(taskTypeSettingSchema) });

/** POST /admin/task-types (spec section 5): the name is lowercased; max bids a whole number 1–1000. */
export const taskTypeSettingCreateSchema = z.object(
  {
    type: taskTypeSettingNameSchema(messages.taskTypeSettingInvalid),
    maxBids: settingMaxBids(messages.taskTypeSettingInvalid),
  },
  { error: messages.taskTypeSettingInvalid },
);

/** PUT /admin/task-types/{type}: the new limit (a `type` in the body is ignored; the path names the type). */
export const taskTypeSettingUpdateSchema = z.object({ maxBids: settingMaxBids(messages.maxBidsMin) }, { error: messages.maxBidsMin });

/** GET /internal/task-types/{type} (services only): the type's own limit, null when it has none. */
export const internalTaskTypeSettingSchema = z.object({ type: z.string(), maxBids: z.number().int().positive().nullable() });
export type InternalTaskTypeSetting = z.infer<typeof internalTaskTypeSettingSchema>;
