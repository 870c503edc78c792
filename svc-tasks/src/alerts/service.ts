import {
  alertsPerCarrierMax,
  alertUnsubscribePurpose,
  eventTypes,
  messages,
  regionOfPostalCode,
  type Alert,
  type AlertBody,
  type AlertList,
  type AlertPatch,
  type AuthUser,
  type EventPayload,
} from '@fragtbud/contracts';
import { domainError, type EventMeta, verifyLinkValue } from '@fragtbud/platform';
import type { Db, TasksContext } from '../context';
import type { TaskRow } from '../tasks/repo';
import { alertIndexOf } from './alert-index';
import {
  deleteAlert,
  deleteAlertsOf,
  findAlert,
  insertAlert,
  listAlertsOf,
  lockAlertsOf,
  recordMatches,
  turnAlertMailOff,
  updateAlert,
  type AlertFields,
  type AlertRow,
} from './repo';

const notFound = () => domainError('alert_not_found');

export function toAlertJson(row: AlertRow): Alert {
  return {
    id: row.id,
    name: row.name,
    fromRegions: row.from_regions,
    toRegions: row.to_regions,
    types: row.types,
    pickupFrom: row.pickup_from,
    pickupTo: row.pickup_to,
    email: row.email,
    paused: row.paused,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Alerts are a carrier's own; customers and admins have none (403). Creating one needs an approved, unblocked carrier. */
function carrierOnly(caller: AuthUser): void {
  if (caller.role !== 'carrier') throw domainError('not_carrier', { variant: 'alertsOnlyCarriers' });
  if (caller.blocked) throw domainError('forbidden');
}

async function ownAlert(db: Db, caller: AuthUser, id: number): Promise<AlertRow> {
  const row = await findAlert(db, id);
  // Someone else's alert is as unknown as a missing one.
  if (!row || row.carrier_id !== caller.id) throw notFound();
  return row;
}

export async function listAlerts(context: TasksContext, caller: AuthUser): Promise<AlertList> {
  carrierOnly(caller);
  return { items: (await listAlertsOf(context.db, caller.id)).map(toAlertJson), max: alertsPerCarrierMax };
}

export async function createAlert(context: TasksContext, caller: AuthUser, body: AlertBody): Promise<Alert> {
  carrierOnly(caller);
  if (!caller.approved) throw domainError('carrier_not_approved', { variant: 'alertsOnlyApprovedCarriers' });
  const fields: AlertFields = {
    name: body.name,
    from_regions: body.fromRegions,
    to_regions: body.toRegions,
    types: body.types,
    pickup_from: body.pickupFrom,
    pickup_to: body.pickupTo,
    email: body.email,
    paused: false,
  };
  const row = await context.db.transaction(async (trx) => {
    if ((await lockAlertsOf(trx, caller.id)) >= alertsPerCarrierMax) throw domainError('alerts_max');
    return insertAlert(trx, caller.id, fields, new Date());
  });
  return toAlertJson(row);
}

export async function changeAlert(context: TasksContext, caller: AuthUser, id: number, patch: AlertPatch): Promise<Alert> {
  carrierOnly(caller);
  const row = await context.db.transaction(async (trx) => {
    const current = await ownAlert(trx, caller, id);
    const fields: Partial<AlertFields> = {};
    if (patch.name !== undefined) fields.name = patch.name;
    if (patch.fromRegions !== undefined) fields.from_regions = patch.fromRegions;
    if (patch.toRegions !== undefined) fields.to_regions = patch.toRegions;
    if (patch.types !== undefined) fields.types = patch.types;
    if (patch.pickupFrom !== undefined) fields.pickup_from = patch.pickupFrom;
    if (patch.pickupTo !== undefined) fields.pickup_to = patch.pickupTo;
    if (patch.email !== undefined) fields.email = patch.email;
    if (patch.paused !== undefined) fields.paused = patch.paused;
    // The window as a whole: a new start after the stored end (or the reverse) is refused.
    const from = fields.pickup_from !== undefined ? fields.pickup_from : current.pickup_from;
    const to = fields.pickup_to !== undefined ? fields.pickup_to : current.pickup_to;
    if (from && to && to < from) {
      throw domainError('invalid_input', { variant: 'alertDatesOrder', details: [{ path: 'pickupTo', message: messages.alertDatesOrder }] });
    }
    return updateAlert(trx, id, fields, new Date());
  });
  return toAlertJson(row);
}

export async function removeAlert(context: TasksContext, caller: AuthUser, id: number): Promise<void> {
  carrierOnly(caller);
  await context.db.transaction(async (trx) => {
    await ownAlert(trx, caller, id);
    await deleteAlert(trx, id);
  });
}

/** The mails' one-click unsubscribe: `alert:{id}` turns that alert's mail off, `carrier:{id}` all of theirs (digest). */
export async function unsubscribe(context: TasksContext, scope: string, signature: string): Promise<void> {
  if (!verifyLinkValue(context.config.INTERNAL_TOKEN_SECRET, alertUnsubscribePurpose, scope, signature)) {
    throw domainError('invalid_unsubscribe_link');
  }
  const [kind, id] = scope.split(':') as ['alert' | 'carrier', string];
  await context.db.transaction((trx) => turnAlertMailOff(trx, kind === 'alert' ? { alertId: Number(id) } : { carrierId: Number(id) }, new Date()));
}

/**
 * A task open for bids is matched against every alert; each carrier with a match is told once per task
 * (`tasks.alert.matched`, in the transaction that records it: svc-chat notifies, svc-identity mails). A task in any
 * other status tells nobody; an edit that makes it match tells those not told before.
 */
export async function matchTaskToAlerts(trx: Db, context: Pick<TasksContext, 'outbox' | 'db'>, task: TaskRow, meta: EventMeta): Promise<number> {
  if (task.status !== 'open_for_bids') return 0;
  const matches = await alertIndexOf(context.db).match(trx, {
    taskId: task.id,
    type: task.type,
    fromRegion: regionOfPostalCode(task.from_postal_code),
    toRegion: regionOfPostalCode(task.to_postal_code),
    pickupDate: task.preferred_pickup_date,
  });
  const fresh = await recordMatches(trx, task.id, matches, new Date());
  for (const match of fresh) {
    await context.outbox.add(
      trx,
      eventTypes.alertMatched,
      {
        taskId: task.id,
        userId: task.user_id,
        carrierId: match.carrier_id,
        alertId: match.alert_id,
        alertName: match.name,
        email: match.email,
        type: task.type,
        fromCity: task.from_city,
        toCity: task.to_city,
      } satisfies EventPayload<typeof eventTypes.alertMatched>,
      meta,
    );
  }
  return fresh.length;
}

/** identity.user.deleted: a deleted carrier's alerts go with the account. */
export async function forgetCarrierAlerts(trx: Db, carrierId: number): Promise<void> {
  await deleteAlertsOf(trx, carrierId);
}
