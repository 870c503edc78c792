import { eventTypes, type AuthUser, type InternalTaskTypeSetting, type TaskTypeSetting } from '@fragtbud/contracts';
import { domainError } from '@fragtbud/platform';
import type { EventMeta, TasksContext } from '../context';
import {
  deleteTaskTypeSetting,
  findTaskTypeSetting,
  insertTaskTypeSetting,
  isTypeTaken,
  listTaskTypeSettings,
  lockTaskTypeSetting,
  updateTaskTypeSetting,
  type TaskTypeSettingRow,
} from './repo';

/*
 * A task type's own bid limit (spec section 3 "Task type setting"; the limit in force is the task's own, else its
 * type's, else the platform's, else 5). Each change is announced in the same transaction, for svc-bids' projection:
 *   tasks.task_type.updated {type, maxBids, updatedBy}   — a type's limit set (POST) or changed (PUT)
 *   tasks.task_type.deleted {type, deletedBy}            — a type has no limit of its own any more (DELETE)
 * The row is written before its event, so two changes to one type queue on the row and their events keep its order.
 */

export const taskTypeSettingNotFound = () => domainError('task_type_not_found');
const taskTypeSettingExists = () => domainError('task_type_exists');

export const toTaskTypeSetting = (row: TaskTypeSettingRow): TaskTypeSetting => ({ type: row.type, maxBids: row.max_bids });

export async function getTaskTypeSettings(context: TasksContext): Promise<{ items: TaskTypeSetting[] }> {
  return { items: (await listTaskTypeSettings(context.db)).map(toTaskTypeSetting) };
}

/** For other services: the type's own limit, or null when it has none (unknown types included). */
export async function getInternalTaskTypeSetting(context: TasksContext, type: string): Promise<InternalTaskTypeSetting> {
  const row = await findTaskTypeSetting(context.db, type);
  return { type, maxBids: row ? row.max_bids : null };
}

/** `type` is already lowercased and checked (contracts' taskTypeSettingCreateSchema). */
export async function createTaskTypeSetting(
  context: TasksContext,
  caller: AuthUser,
  setting: TaskTypeSetting,
  meta: EventMeta,
): Promise<TaskTypeSetting> {
  let row: TaskTypeSettingRow;
  try {
    row = await context.db.transaction(async (trx) => {
      const inserted = await insertTaskTypeSetting(trx, setting.type, setting.maxBids, new Date());
      await context.outbox.add(trx, eventTypes.taskTypeUpdated, { type: inserted.type, maxBids: inserted.max_bids, updatedBy: caller.id }, meta);
      return inserted;
    });
  } catch (error) {
    if (isTypeTaken(error)) throw taskTypeSettingExists();
    throw error;
  }
  context.logger.info({ type: row.type, maxBids: row.max_bids, by: caller.id }, 'task type limit created');
  return toTaskTypeSetting(row);
}

/** A new limit for a type that has one; the same value again changes nothing and announces nothing. */
export async function changeTaskTypeSetting(
  context: TasksContext,
  caller: AuthUser,
  type: string,
  maxBids: number,
  meta: EventMeta,
): Promise<TaskTypeSetting> {
  const { row, changed } = await context.db.transaction(async (trx) => {
    const current = await lockTaskTypeSetting(trx, type);
    if (!current) throw taskTypeSettingNotFound();
    if (current.max_bids === maxBids) return { row: current, changed: false };
    const updated = await updateTaskTypeSetting(trx, type, maxBids, new Date());
    if (!updated) throw taskTypeSettingNotFound();
    await context.outbox.add(trx, eventTypes.taskTypeUpdated, { type: updated.type, maxBids: updated.max_bids, updatedBy: caller.id }, meta);
    return { row: updated, changed: true };
  });
  if (changed) context.logger.info({ type, maxBids, by: caller.id }, 'task type limit changed');
  return toTaskTypeSetting(row);
}

/** The type has no limit of its own any more: its tasks fall back to the platform's. */
export async function removeTaskTypeSetting(context: TasksContext, caller: AuthUser, type: string, meta: EventMeta): Promise<void> {
  await context.db.transaction(async (trx) => {
    if (!(await deleteTaskTypeSetting(trx, type))) throw taskTypeSettingNotFound();
    await context.outbox.add(trx, eventTypes.taskTypeDeleted, { type, deletedBy: caller.id }, meta);
  });
  context.logger.info({ type, by: caller.id }, 'task type limit deleted');
}
