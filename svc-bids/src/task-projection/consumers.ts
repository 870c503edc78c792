import { eventTypes, payloadSchemaFor, type EventEnvelope, type EventPayload } from '@fragtbud/contracts';
import { consume, type ConsumerDefinition, type Logger } from '@fragtbud/platform';
import type { Knex } from 'knex';
import { withdrawAcceptanceOnReopen } from '../bids/service';
import type { BidsContext } from '../context';
import { learnCarrierFee, onCarrierListAssigned, onCarrierListUnassigned, onCarrierListUpdated, onSettingsUpdated } from '../pricing/service';
import {
  onPlatformSettingsUpdated,
  onTaskCreated,
  onTaskDeleted,
  onTaskStatusChanged,
  onTaskTypeDeleted,
  onTaskTypeUpdated,
  onTaskUpdated,
} from './service';

type Payloads = { [T in (typeof eventTypes)[keyof typeof eventTypes]]: EventPayload<T> };

/**
 * What svc-bids keeps of other services: tasks (one durable, so a task's events apply in order), task-type and
 * platform bid limits, and what prices a bid: svc-ledger's settings and each carrier's list fee.
 */
export function taskProjectionConsumers(context: BidsContext): ConsumerDefinition[] {
  return [
    consume({
      durable: 'task-projection',
      subjects: [eventTypes.taskCreated, eventTypes.taskUpdated, eventTypes.taskStatusChanged, eventTypes.taskDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        const taskId = (event.data as { taskId: number }).taskId;
        if (!(await isNewerThanProjection(trx, taskId, event.version))) {
          context.logger.info({ eventId: event.id, type: event.type, taskId, version: event.version }, 'older task event ignored');
          return;
        }
        await applyTaskEvent(context, event, trx);
        if (event.version !== undefined) await recordVersion(trx, taskId, event.version);
      },
    }),
    consume({
      durable: 'task-type-limits',
      subjects: [eventTypes.taskTypeUpdated, eventTypes.taskTypeDeleted],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        if (event.type === eventTypes.taskTypeUpdated) {
          return onTaskTypeUpdated(trx, event.data as Payloads[typeof eventTypes.taskTypeUpdated], context.now());
        }
        return onTaskTypeDeleted(trx, event.data as Payloads[typeof eventTypes.taskTypeDeleted]);
      },
    }),
    consume({
      durable: 'platform-limits',
      subjects: [eventTypes.ledgerSettingsUpdated],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        const data = event.data as Payloads[typeof eventTypes.ledgerSettingsUpdated];
        await onPlatformSettingsUpdated(trx, data, context.now());
        await onSettingsUpdated(trx, data, context.now());
      },
    }),
    consume({
      durable: 'carrier-fees',
      subjects: [eventTypes.carrierListAssigned, eventTypes.carrierListUnassigned, eventTypes.carrierListUpdated],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        const now = context.now();
        switch (event.type) {
          case eventTypes.carrierListAssigned:
            return onCarrierListAssigned(trx, event.data as Payloads[typeof eventTypes.carrierListAssigned], now);
          case eventTypes.carrierListUnassigned:
            return onCarrierListUnassigned(trx, event.data as Payloads[typeof eventTypes.carrierListUnassigned], now);
          case eventTypes.carrierListUpdated:
            return onCarrierListUpdated(trx, event.data as Payloads[typeof eventTypes.carrierListUpdated], now);
        }
      },
    }),
    consume({
      durable: 'carrier-fees-on-approval',
      subjects: [eventTypes.userApproved],
      handle: async (event, trx) => {
        if (!understood(event, context.logger)) return;
        const { userId } = event.data as Payloads[typeof eventTypes.userApproved];
        // After this handler's transaction: the question to svc-ledger must not hold a database connection.
        const learn = () => learnCarrierFee(context, userId, event.correlationId);
        void trx.executionPromise.then(learn, learn);
      },
    }),
  ];
}

/** One task event on the projection (svc-bids' copy of task state). */
async function applyTaskEvent(context: BidsContext, event: EventEnvelope, trx: Knex.Transaction): Promise<void> {
  const now = context.now();
  switch (event.type) {
    case eventTypes.taskCreated:
      return onTaskCreated(trx, event.data as Payloads[typeof eventTypes.taskCreated], now);
    case eventTypes.taskUpdated:
      return onTaskUpdated(trx, event.data as Payloads[typeof eventTypes.taskUpdated], now);
    case eventTypes.taskStatusChanged: {
      const typed = event as typeof event & { data: Payloads[typeof eventTypes.taskStatusChanged] };
      await onTaskStatusChanged(trx, typed.data, now);
      return withdrawAcceptanceOnReopen(context, trx, typed);
    }
    case eventTypes.taskDeleted:
      return onTaskDeleted(trx, event.data as Payloads[typeof eventTypes.taskDeleted], now);
  }
}

/**
 * Whether a task event is newer than what the projection holds: a late redelivery or a replay of an older change
 * must not put old state back. Events without a version (recorded before versions existed) always apply.
 */
async function isNewerThanProjection(trx: Knex.Transaction, taskId: number, version: number | undefined): Promise<boolean> {
  if (version === undefined) return true;
  const row = (await trx('task_projection').where({ task_id: taskId }).forUpdate().first('version')) as { version: string | null } | undefined;
  return row?.version == null || Number(row.version) < version;
}

async function recordVersion(trx: Knex.Transaction, taskId: number, version: number): Promise<void> {
  await trx('task_projection').where({ task_id: taskId }).update({ version });
}

/** A payload outside the contract would fail the same way on every redelivery: skip it loudly, never block the durable. */
function understood(event: EventEnvelope, logger: Logger): boolean {
  const result = payloadSchemaFor(event.type)?.safeParse(event.data);
  if (result?.success) return true;
  logger.warn({ eventId: event.id, type: event.type, issues: result?.error.issues }, `${event.type} payload not understood; skipped`);
  return false;
}
