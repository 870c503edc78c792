import { z } from 'zod';
import { messages } from './messages';
import { regions } from './regions';
import { dateOnlySchema } from './tasks';
import { taskTypes } from './vocabulary';

/*
 * Load alerts (issue 29; shared/API.md "Added 2026-11-28"): an approved carrier's saved searches. svc-tasks owns them
 * and matches every task published (or edited into a match) against them; a match tells the carrier once per task.
 */

/** At most this many alerts per carrier. */
export const alertsPerCarrierMax = 20;

export const alertEmailModes = ['instant', 'daily', 'off'] as const;
export type AlertEmailMode = (typeof alertEmailModes)[number];

export const alertEmailLabels: Record<AlertEmailMode, string> = {
  instant: 'Straks',
  daily: 'Dagligt overblik kl. 07',
  off: 'Ingen e-mail',
};

/** A list of distinct values of `allowed`; empty or absent means "any". */
function distinctList<T extends string>(allowed: readonly [T, ...T[]], message: string) {
  return z
    .array(z.enum(allowed, { error: message }), { error: message })
    .max(allowed.length, message)
    .transform((values) => allowed.filter((value) => values.includes(value)));
}

export const regionListSchema = distinctList(regions, messages.alertRegionsInvalid);
const typeList = distinctList(taskTypes, messages.alertTypesInvalid);
const alertDate = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), dateOnlySchema.nullable());
const alertName = z.string({ error: messages.alertNameRequired }).trim().min(1, messages.alertNameRequired).max(80, messages.alertNameRequired);
const alertEmail = z.enum(alertEmailModes, { error: messages.alertEmailInvalid });

const datesInOrder = (value: { pickupFrom?: string | null; pickupTo?: string | null }) =>
  !value.pickupFrom || !value.pickupTo || value.pickupFrom <= value.pickupTo;

/** POST /alerts. */
export const alertBodySchema = z
  .object({
    name: alertName,
    fromRegions: regionListSchema.default([]),
    toRegions: regionListSchema.default([]),
    types: typeList.default([]),
    pickupFrom: alertDate.default(null),
    pickupTo: alertDate.default(null),
    email: alertEmail,
  })
  .refine(datesInOrder, { message: messages.alertDatesOrder, path: ['pickupTo'] });
export type AlertBody = z.infer<typeof alertBodySchema>;

/** PATCH /alerts/{id}: any of the fields, and `paused`. */
export const alertPatchSchema = z
  .object({
    name: alertName.optional(),
    fromRegions: regionListSchema.optional(),
    toRegions: regionListSchema.optional(),
    types: typeList.optional(),
    pickupFrom: alertDate.optional(),
    pickupTo: alertDate.optional(),
    email: alertEmail.optional(),
    paused: z.boolean({ error: messages.alertPausedInvalid }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: messages.alertPatchEmpty })
  .refine(datesInOrder, { message: messages.alertDatesOrder, path: ['pickupTo'] });
export type AlertPatch = z.infer<typeof alertPatchSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fromRegions: z.array(z.enum(regions)),
  toRegions: z.array(z.enum(regions)),
  types: z.array(z.enum(taskTypes)),
  pickupFrom: z.string().nullable(),
  pickupTo: z.string().nullable(),
  email: z.enum(alertEmailModes),
  paused: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.object({ items: z.array(alertSchema), max: z.number().int() });
export type AlertList = z.infer<typeof alertListSchema>;

/**
 * The purpose the mails' unsubscribe links are signed for (`signLinkValue` in libs/platform: svc-identity signs the
 * link it mails, svc-tasks checks it). The value signed is the scope, `alert:{id}` or `carrier:{id}`.
 */
export const alertUnsubscribePurpose = 'tasks.alert.unsubscribe';

/** The path (under the site's origin) of a signed unsubscribe link. */
export const alertUnsubscribePath = (scope: string, signature: string) =>
  `/api/alerts/unsubscribe?s=${encodeURIComponent(scope)}&t=${encodeURIComponent(signature)}`;

/** GET/POST /alerts/unsubscribe?s=&t=: the mails' one-click link (`s`: alert:{id} or carrier:{id}; `t`: its HMAC). */
export const alertUnsubscribeQuerySchema = z.object({
  s: z.string({ error: messages.alertUnsubscribeInvalid }).regex(/^(alert|carrier):\d{1,10}$/, messages.alertUnsubscribeInvalid),
  t: z.string({ error: messages.alertUnsubscribeInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, messages.alertUnsubscribeInvalid),
});

/** What a task is matched by: its type, the regions of its postal codes, its pickup date. */
export interface AlertTaskFacts {
  type: string;
  fromRegion: string | null;
  toRegion: string | null;
  pickupDate: string | null;
}

/**
 * Whether an alert's criteria match a task (the same rule svc-tasks' SQL applies; the UI's preview and tests use it).
 * An empty list is "any"; a task without a pickup date matches any date window (it is flexible).
 */
export function alertMatchesTask(
  alert: Pick<Alert, 'fromRegions' | 'toRegions' | 'types' | 'pickupFrom' | 'pickupTo'>,
  task: AlertTaskFacts,
): boolean {
  const inList = (list: readonly string[], value: string | null) => list.length === 0 || (value !== null && list.includes(value));
  if (!inList(alert.types, task.type) || !inList(alert.fromRegions, task.fromRegion) || !inList(alert.toRegions, task.toRegion)) return false;
  if (task.pickupDate === null) return true;
  return (!alert.pickupFrom || task.pickupDate >= alert.pickupFrom) && (!alert.pickupTo || task.pickupDate <= alert.pickupTo);
}
