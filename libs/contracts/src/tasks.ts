import { z } from 'zod';
import { messages } from './messages';
import { limits } from './constants';
import { pageOf } from './common';
import { taskStatuses, taskTypes, type TaskStatus, type TaskType } from './task-types';
import { detailsSchemaFor, phoneSchema, typesRequiringDescription, type TaskDetails } from './task-details';

/*
 * Task API bodies and answers (shared/API.md "Tasks", spec section 3 Task). Responses are snake_case; request bodies
 * take the spec's snake_case keys and also the camelCase alternates listed in `taskKeyAlternates`.
 */

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const blankToNull = (value: unknown) => (value === '' || (typeof value === 'string' && value.trim() === '') ? null : value);

/** camelCase (and date-interval) alternates accepted in task bodies → the canonical key. */
export const taskKeyAlternates: Record<string, string> = {
  fromAddress: 'from_address',
  toAddress: 'to_address',
  fromPostalCode: 'from_postal_code',
  fromCity: 'from_city',
  toPostalCode: 'to_postal_code',
  toCity: 'to_city',
  contactEmail: 'contact_email',
  contactPhone: 'contact_phone',
  isFlexible: 'is_flexible',
  preferredPickupDate: 'preferred_pickup_date',
  preferredDeliveryDate: 'preferred_delivery_date',
  timeFrameStart: 'time_frame_start',
  timeFrameEnd: 'time_frame_end',
  preferred_from_date: 'preferred_pickup_date',
  preferred_to_date: 'preferred_delivery_date',
  time_frame_from: 'time_frame_start',
  time_frame_to: 'time_frame_end',
};

/** Copies alternate keys onto their canonical key (the canonical key wins when both are given). */
export function normaliseTaskKeys(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [alternate, canonical] of Object.entries(taskKeyAlternates)) {
    if (alternate in out) {
      if (out[canonical] === undefined) out[canonical] = out[alternate];
      delete out[alternate];
    }
  }
  return out;
}

// ---- field schemas ----

const addressMax = 300;
const descriptionMax = 5000;

const address = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.fillBothAddresses })
    .min(1, messages.fillBothAddresses)
    .max(addressMax, messages.addressTooLong),
);

const postalCode = z.preprocess(
  blankToUndefined,
  z.string({ error: messages.postalCodeInvalid }).trim().regex(/^\d{4}$/, messages.postalCodeInvalid).optional(),
);
const city = z.preprocess(blankToUndefined, z.string({ error: messages.invalidChoice }).trim().max(100, messages.textTooLong).optional());

const description = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string({ error: messages.descriptionInvalid }).trim().max(descriptionMax, messages.descriptionTooLong),
);

/** A calendar date → `yyyy-mm-dd` (UTC). Accepts `yyyy-mm-dd` or an ISO timestamp (its UTC date). */
export const dateOnlySchema = z
  .string({ error: messages.invalidDate })
  .trim()
  .max(40, messages.invalidDate)
  .transform((value, ctx) => {
    const normalised = normaliseDate(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: messages.invalidDate });
      return z.NEVER;
    }
    return normalised;
  });

/** `yyyy-mm-dd` of a date string or ISO timestamp in UTC, or null when it is not a real date. */
export function normaliseDate(value: string): string | null {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) {
    const date = new Date(Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])));
    return date.toISOString().slice(0, 10) === value ? value : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  if (year < 1900 || year > 9999) return null;
  return date.toISOString().slice(0, 10);
}

const danishDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Denmark as `yyyy-mm-dd`: the earliest pickup date a task may ask for. */
export function todayInDenmark(now: Date = new Date()): string {
  return danishDate.format(now);
}

/** A time of day → `HH:MM` (accepts H:MM and HH:MM:SS). */
export const timeOfDaySchema = z
  .string({ error: messages.invalidTime })
  .trim()
  .transform((value, ctx) => {
    const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value);
    const hours = match ? Number(match[1]) : NaN;
    const minutes = match ? Number(match[2]) : NaN;
    if (!match || hours > 23 || minutes > 59) {
      ctx.addIssue({ code: 'custom', message: messages.invalidTime });
      return z.NEVER;
    }
    return `${String(hours).padStart(2, '0')}:${match[2]}`;
  });

const nullableDate = z.preprocess(blankToNull, dateOnlySchema.nullable());
const nullableTime = z.preprocess(blankToNull, timeOfDaySchema.nullable());

const yesNoFlag = z.preprocess((v) => {
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', 'on', '1'].includes(s)) return true;
    if (['false', 'off', '0', ''].includes(s)) return false;
  }
  return v;
}, z.boolean({ error: messages.invalidYesNo }));

const contactEmail = z.preprocess(
  blankToNull,
  z
    .string({ error: messages.contactEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, messages.contactEmailInvalid)
    .pipe(z.email({ error: messages.contactEmailInvalid }))
    .nullable(),
);
const contactPhone = z.preprocess(blankToNull, phoneSchema.nullable());

/** An uploaded image: the URL `/api/upload/image` answered, `/api/files/{key}`. Nothing else is shown as a photo. */
export const taskImageUrlSchema = z
  .string({ error: messages.imageUrlInvalid })
  .trim()
  .max(300, messages.imageUrlInvalid)
  .regex(/^\/api\/files\/[A-Za-z0-9][A-Za-z0-9._-]*$/, messages.imageUrlInvalid);
export const taskImagesSchema = z
  .array(taskImageUrlSchema, { error: messages.imageUrlInvalid })
  .max(limits.initialTaskPhotos, messages.tooManyTaskImages);

const taskType = z.enum(taskTypes, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? messages.chooseTaskTypeFirst : messages.taskTypeInvalid),
});

export { parsePostalCity } from './vocabulary';

// ---- bodies ----

const taskFieldsSchema = z.object({
  type: taskType,
  from_address: address,
  to_address: address,
  from_postal_code: postalCode,
  from_city: city,
  to_postal_code: postalCode,
  to_city: city,
  description,
  details: z.preprocess((v) => (v === undefined || v === null ? {} : v), z.record(z.string(), z.unknown(), { error: messages.invalidInput })),
  preferred_pickup_date: nullableDate.optional(),
  preferred_delivery_date: nullableDate.optional(),
  time_frame_start: nullableTime.optional(),
  time_frame_end: nullableTime.optional(),
  is_flexible: yesNoFlag.optional(),
  contact_email: contactEmail.optional(),
  contact_phone: contactPhone.optional(),
  images: z.preprocess((v) => (v === null ? [] : v), taskImagesSchema.optional()),
});

type TaskFieldsInput = Partial<z.infer<typeof taskFieldsSchema>>;

/** Checks across fields: details by type, fullload description, date and time order. Runs even when other fields fail. */
function checkAcrossFields(value: unknown, ctx: z.RefinementCtx, requireDetailsFor?: 'create') {
  const fields = (typeof value === 'object' && value !== null ? value : {}) as TaskFieldsInput & { details?: unknown };
  const type = taskTypes.includes(fields.type as TaskType) ? (fields.type as TaskType) : undefined;
  if (type && (requireDetailsFor === 'create' || fields.details !== undefined)) {
    const result = detailsSchemaFor(type).safeParse(fields.details ?? {});
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['details', ...issue.path] });
      }
    }
  }
  if (type && requireDetailsFor === 'create' && typesRequiringDescription.includes(type)) {
    if (typeof fields.description !== 'string' || fields.description.trim() === '') {
      ctx.addIssue({ code: 'custom', message: messages.descriptionRequired, path: ['description'] });
    }
  }
  const pickup = fields.preferred_pickup_date;
  const delivery = fields.preferred_delivery_date;
  // An edit may keep the date the task already has; the service refuses a changed one in the past itself.
  if (requireDetailsFor === 'create' && typeof pickup === 'string' && pickup < todayInDenmark()) {
    ctx.addIssue({ code: 'custom', message: messages.pickupDateInPast, path: ['preferred_pickup_date'] });
  }
  if (typeof pickup === 'string' && typeof delivery === 'string' && delivery < pickup) {
    ctx.addIssue({ code: 'custom', message: messages.deliveryBeforePickup, path: ['preferred_delivery_date'] });
  }
  const start = fields.time_frame_start;
  const end = fields.time_frame_end;
  if (typeof start === 'string' && typeof end === 'string' && end <= start) {
    ctx.addIssue({ code: 'custom', message: messages.timeFrameOrder, path: ['time_frame_end'] });
  }
}

/**
 * POST /tasks. The first issue is the one to show alone: a missing type gives 'Vælg en opgavetype først.', a missing
 * address 'Udfyld både afhentnings- og leveringsadresse.'. `details` comes out validated for the task's type.
 */
const buildCreateTaskBodySchema = (guest: boolean) =>
  z
    .preprocess(
      normaliseTaskKeys,
      taskFieldsSchema.superRefine(
        (v, ctx) => {
          checkAcrossFields(v, ctx, 'create');
          if (guest) requireGuestEmail(v, ctx);
        },
        { when: () => true },
      ),
    )
    .transform((body) => ({
      ...body,
      details: detailsSchemaFor(body.type).parse(body.details),
      preferred_pickup_date: body.preferred_pickup_date ?? null,
      preferred_delivery_date: body.preferred_delivery_date ?? null,
      time_frame_start: body.time_frame_start ?? null,
      time_frame_end: body.time_frame_end ?? null,
      is_flexible: body.is_flexible ?? false,
      contact_email: body.contact_email ?? null,
      contact_phone: body.contact_phone ?? null,
      images: body.images ?? [],
    }));

/** A guest is reached only through the mailed follow-up link (the way a guest ever pays), so the e-mail is required. */
function requireGuestEmail(value: unknown, ctx: z.RefinementCtx) {
  const email = (typeof value === 'object' && value !== null ? (value as TaskFieldsInput).contact_email : undefined) ?? null;
  // A malformed address already has its own issue; only a missing one is added here.
  if (email === null) ctx.addIssue({ code: 'custom', message: messages.guestContactEmailRequired, path: ['contact_email'] });
}

export const createTaskBodySchema = buildCreateTaskBodySchema(false);
/** POST /tasks without a session (a guest): the same, and `contact_email` is required. */
export const guestCreateTaskBodySchema = buildCreateTaskBodySchema(true);
export type CreateTaskBody = z.output<typeof createTaskBodySchema>;
export type CreateTaskInput = z.input<typeof taskFieldsSchema>;

/**
 * PUT /tasks/{id}: any subset of the create fields (null clears an optional one). Type and addresses may not be
 * blanked. `details`, when given, is checked against `type` when that is given too; the service checks it against
 * the task's current type otherwise (`detailsSchemaFor`).
 */
export const updateTaskBodySchema = z.preprocess(
  normaliseTaskKeys,
  taskFieldsSchema
    .extend({ details: z.record(z.string(), z.unknown(), { error: messages.invalidInput }) })
    .partial()
    .superRefine((v, ctx) => checkAcrossFields(v, ctx), { when: () => true }),
);
export type UpdateTaskBody = z.output<typeof updateTaskBodySchema>;

/** PATCH /tasks/{id}/status. `updates` carries the timestamps a proof step sets, and (admin) the carrier. */
export const taskStatusChangeBodySchema = z.object({
  status: z.enum(taskStatuses, { error: messages.taskStatusInvalid }),
  updates: z
    .object({
      pickup_at: z.iso.datetime({ offset: true, error: messages.invalidDate }).optional(),
      delivered_at: z.iso.datetime({ offset: true, error: messages.invalidDate }).optional(),
      assigned_carrier_id: z.number({ error: messages.invalidNumber }).int(messages.invalidNumber).positive(messages.invalidNumber).nullable().optional(),
    })
    .optional(),
});
export type TaskStatusChangeBody = z.infer<typeof taskStatusChangeBodySchema>;

/** A task id from the path: numeric, else 'Ugyldigt opgave-id'. */
export const taskIdSchema = z
  .string({ error: messages.invalidTaskId })
  .regex(/^\d{1,15}$/, messages.invalidTaskId)
  .transform(Number)
  .pipe(z.number().int().positive(messages.invalidTaskId).max(2_147_483_647, messages.invalidTaskId));
export const taskIdParamsSchema = z.object({ id: taskIdSchema });

// ---- list ----

const queryFlag = z.preprocess((v) => {
  if (Array.isArray(v)) v = v.at(-1);
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (s === '') return undefined;
  if (['true', '1', 'on', 'yes'].includes(s)) return true;
  if (['false', '0', 'off', 'no'].includes(s)) return false;
  return v;
}, z.boolean({ error: messages.invalidYesNo }).optional());

const lastOf = (v: unknown) => (Array.isArray(v) ? v.at(-1) : v);
const queryNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => {
    const last = blankToUndefined(lastOf(v));
    return typeof last === 'string' ? Number(last.replace(',', '.')) : last;
  }, schema.optional());

/** `active` = neither completed nor cancelled. */
export const taskListStatuses = [...taskStatuses, 'active'] as const;
export type TaskListStatus = (typeof taskListStatuses)[number];

/** GET /tasks query (browse, /tasks, dashboard). dateFrom/dateTo filter created_at (both days included); prices in DKK against the lowest bid. */
/** A page cursor: the last row's created_at in epoch microseconds and its id, `<micros>_<id>`. */
export const taskPageCursorPattern = /^\d{1,17}_\d{1,10}$/;

export const taskListQuerySchema = z.object({
  status: z.preprocess((v) => blankToUndefined(lastOf(v)), z.enum(taskListStatuses, { error: messages.taskStatusInvalid }).optional()),
  type: z.preprocess((v) => blankToUndefined(lastOf(v)), z.enum(taskTypes, { error: messages.taskTypeInvalid }).optional()),
  available: queryFlag,
  q: z.preprocess(
    (v) => blankToUndefined(lastOf(v)),
    z.string({ error: messages.searchTooLong }).trim().max(200, messages.searchTooLong).optional(),
  ),
  flexible: queryFlag,
  dateFrom: z.preprocess((v) => blankToUndefined(lastOf(v)), dateOnlySchema.optional()),
  dateTo: z.preprocess((v) => blankToUndefined(lastOf(v)), dateOnlySchema.optional()),
  minPrice: queryNumber(z.number({ error: messages.invalidPriceFilter }).min(0, messages.invalidPriceFilter).max(100_000_000, messages.invalidPriceFilter)),
  maxPrice: queryNumber(z.number({ error: messages.invalidPriceFilter }).min(0, messages.invalidPriceFilter).max(100_000_000, messages.invalidPriceFilter)),
  mine: queryFlag,
  /** The `nextCursor` of the page before: the page is read from there on (keyset) instead of skipping rows. */
  after: z.preprocess(
    (v) => blankToUndefined(lastOf(v)),
    z.string({ error: messages.invalidPageCursor }).regex(taskPageCursorPattern, messages.invalidPageCursor).optional(),
  ),
  page: queryNumber(z.number({ error: messages.invalidPage }).int(messages.invalidPage).min(1, messages.invalidPage).max(100_000, messages.invalidPage)).transform(
    (v) => v ?? 1,
  ),
  limit: queryNumber(
    z.number({ error: messages.invalidPageLimit }).int(messages.invalidPageLimit).min(1, messages.invalidPageLimit).max(limits.listPageLimitMax, messages.invalidPageLimit),
  ).transform((v) => v ?? limits.listPageLimitDefault),
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/**
 * GET /tasks/{id} query: `access` is the token of a guest's follow-up link (guest follow-up, API.md). A valid one gives
 * the owner's read-only view without a session; a wrong one nothing private.
 */
export const taskAccessQuerySchema = z.object({
  access: z.preprocess(
    (v) => blankToUndefined(lastOf(v)),
    z.string({ error: messages.invalidChoice }).max(200, messages.invalidChoice).optional(),
  ),
});
export type TaskAccessQuery = z.output<typeof taskAccessQuerySchema>;

/**
 * POST /tasks/{id}/claim: the guest, signed in with a customer account of the task's contact e-mail, takes the task
 * into the account with the link's token ('Knyt opgaven til min konto', or right after registering from the link).
 */
export const guestClaimBodySchema = z.object({
  access: z.string({ error: messages.guestLinkInvalid }).min(1, messages.guestLinkInvalid).max(200, messages.guestLinkInvalid),
});
export type GuestClaimBody = z.infer<typeof guestClaimBodySchema>;
/** `claimed`: the task is the account's now; `pending`: it will be once the account's e-mail is verified. */
export const guestClaimResponseSchema = z.object({ status: z.enum(['claimed', 'pending']), taskId: z.number().int(), message: z.string() });
export type GuestClaimResponse = z.infer<typeof guestClaimResponseSchema>;

// ---- the task as the API shows it ----

/**
 * A task (spec section 3). `view: 'full'` for the owner, an admin and the assigned carrier; `view: 'public'` for
 * everyone else: from_address/to_address, contact_email/contact_phone, user_id and assigned_carrier_id are null,
 * details lose contact and exact-place keys — show `from_postal_code` + `from_city` instead. Money in DKK (two
 * decimals); `lowest_bid` (a customer total) is null for every carrier.
 */
export const taskSchema = z.object({
  id: z.number().int(),
  view: z.enum(['full', 'public']),
  user_id: z.number().int().nullable(),
  is_guest: z.boolean(),
  is_test: z.boolean(),
  type: z.enum(taskTypes),
  status: z.enum(taskStatuses),
  from_address: z.string().nullable(),
  to_address: z.string().nullable(),
  from_postal_code: z.string().nullable(),
  from_city: z.string().nullable(),
  to_postal_code: z.string().nullable(),
  to_city: z.string().nullable(),
  description: z.string(),
  details: z.record(z.string(), z.unknown()),
  preferred_pickup_date: z.string().nullable(),
  preferred_delivery_date: z.string().nullable(),
  time_frame_start: z.string().nullable(),
  time_frame_end: z.string().nullable(),
  is_flexible: z.boolean(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  assigned_carrier_id: z.number().int().nullable(),
  /**
   * The assigned carrier's name and company (svc-tasks' projection of identity events), on GET /tasks/:id for those
   * who see the full task, and in an admin's lists; null when none is assigned or the name is not known yet.
   * GET /tasks/:id adds the contact details (spec section 3) — only the owner, an admin and the assigned carrier get
   * the full view, and only once a carrier is assigned; each is null when identity has not told it.
   */
  assigned_carrier: z
    .object({
      id: z.number().int(),
      name: z.string(),
      company: z.string().nullable(),
      cvrNumber: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      phone: z.string().nullable().optional(),
      address: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** The owner's name and company, in an admin's lists only; null for a guest task or a name not known yet. */
  customer: z.object({ id: z.number().int(), name: z.string(), company: z.string().nullable() }).nullable().optional(),
  images: z.array(z.string()),
  /** Lowest bid in DKK, null without bids. */
  lowest_bid: z.number().nullable(),
  bid_count: z.number().int(),
  /** The task's own bid limit when one is set (else the type's or platform's applies — svc-bids knows). */
  max_bids: z.number().int().nullable(),
  pickup_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** When the task was paid (owner, admin, assigned carrier); null while unpaid — the carrier sees 'Afventer betaling'. */
  paid_at: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Only in the answer to a guest's POST /tasks: the token of the task's private link (`/task/{id}?access=…`), shown
   * once on the confirmation page (the only way back for a guest who gave no e-mail). Never stored readable.
   */
  access_token: z.string().optional(),
});
export type Task = Omit<z.infer<typeof taskSchema>, 'details'> & { details: Partial<TaskDetails> & Record<string, unknown> };
export type TaskStatusValue = TaskStatus;

/**
 * One page of tasks. Counting every match of a broad filter costs more than the page itself, so `total` is exact
 * only up to a cap: with `totalIsEstimate` it is the cap and more match (counted, or for a frequent search word
 * estimated by the database) — the UI shows 'Viser 20 af 1 000+'.
 * `nextCursor` continues after the page's last row (`after=`), null when the page is the last.
 */
export const tasksPageSchema = pageOf(taskSchema).extend({ totalIsEstimate: z.boolean(), nextCursor: z.string().nullable() });
/** The two newer fields are optional here so clients that build a page of their own (fallbacks, tests) need not invent them. */
export type TasksPage = { items: Task[]; total: number; totalIsEstimate?: boolean; nextCursor?: string | null; page: number; limit: number };
