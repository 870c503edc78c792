import { z } from 'zod';
import {
  createTaskBodySchema,
  guestCreateTaskBodySchema,
  messages,
  normaliseDate,
  taskTypes,
  typesRequiringDescription,
  type CreateTaskBody,
  type Task,
  type TaskType,
} from '@fragtbud/contracts';
import { formatDanishNumberInput, parseDanishNumber, parseDanishWholeNumber, type AddressValue } from '@fragtbud/web';
import { TASK_FIELD_GROUPS, type DimensionKey, type FieldDef } from './task-fields';

/*
 * The wizard's form state. Inputs hold what the user typed (numbers as strings, so '' means "not given"); the
 * shared schema `createTaskBodySchema` — the very one svc-tasks parses POST /tasks with — turns it into the body
 * and gives the Danish messages. Each type keeps its own details, so switching type and back loses nothing.
 */

export type DimensionsInput = Record<DimensionKey, string>;
export interface PalletLineInput {
  palletType: string;
  quantity: string;
  dimensions: DimensionsInput;
}
export type DetailInput = string | boolean | DimensionsInput | PalletLineInput[];
export type DetailsInput = Record<string, DetailInput>;

export interface TaskForm {
  type: TaskType | null;
  from: AddressValue;
  to: AddressValue;
  description: string;
  details: Partial<Record<TaskType, DetailsInput>>;
  preferredPickupDate: string;
  preferredDeliveryDate: string;
  timeFrameStart: string;
  timeFrameEnd: string;
  isFlexible: boolean;
  images: string[];
  contactEmail: string;
  contactPhone: string;
}

/** Field errors keyed by the body's path: 'type', 'from_address', 'details.numberOfRooms', 'details.pallets.0.quantity'. */
export type FieldErrors = Record<string, string>;

export const emptyDimensions = (): DimensionsInput => ({ length: '', width: '', height: '' });
export const emptyPalletLine = (): PalletLineInput => ({ palletType: '', quantity: '', dimensions: emptyDimensions() });

export function emptyTaskForm(type: TaskType | null = null): TaskForm {
  return {
    type,
    from: { address: '' },
    to: { address: '' },
    description: '',
    details: {},
    preferredPickupDate: '',
    preferredDeliveryDate: '',
    timeFrameStart: '',
    timeFrameEnd: '',
    isFlexible: false,
    images: [],
    contactEmail: '',
    contactPhone: '',
  };
}

export const isDescriptionRequired = (type: TaskType | null): boolean => type !== null && typesRequiringDescription.includes(type);

// ---- form → body ----

const blank = (value: string | undefined) => !value || value.trim() === '';

/** A typed number read the Danish way (`1.234,5`); text that is no number goes on for the schema to refuse in Danish. */
const numberOut = (value: unknown): unknown => (typeof value === 'string' && !blank(value) ? (parseDanishNumber(value) ?? value) : value);

/** A count or a floor: whole numbers only. `2,5` is never read as another number; `wholeNumberIssues` refuses it. */
const wholeOut = (value: unknown): unknown => (typeof value === 'string' && !blank(value) ? (parseDanishWholeNumber(value) ?? numberOut(value)) : value);

/** A typed value that is a number but not a whole one (`2,5`, `1,0`): only whole numbers may be sent for it. */
const isNotWhole = (value: unknown): boolean =>
  typeof value === 'string' && !blank(value) && parseDanishWholeNumber(value) === null && parseDanishNumber(value) !== null;

const isWholeNumberField = (field: FieldDef): boolean => field.kind === 'number' && Number.isInteger(field.step);

/** The pallet lines the form sends: a line with neither type nor quantity is left out. */
const filledPalletLines = (value: DetailInput | undefined): PalletLineInput[] =>
  ((value as PalletLineInput[] | undefined) ?? []).filter((line) => !(blank(line.palletType) && blank(line.quantity)));

function dimensionsOut(value: DimensionsInput | undefined): Record<keyof DimensionsInput, unknown> | undefined {
  if (!value || (blank(value.length) && blank(value.width) && blank(value.height))) return undefined;
  return { length: numberOut(value.length), width: numberOut(value.width), height: numberOut(value.height) };
}

function detailsOut(type: TaskType, input: DetailsInput, form: TaskForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const group of TASK_FIELD_GROUPS[type]) {
    for (const field of group.fields) {
      if (field.kind === 'dimensions' && field.key === '') {
        // Courier keeps length, width and height directly in its details.
        const dims = input.dimensions as DimensionsInput | undefined;
        if (dims) Object.assign(out, { length: numberOut(dims.length), width: numberOut(dims.width), height: numberOut(dims.height) });
      } else if (field.kind === 'dimensions') {
        out[field.key] = dimensionsOut(input[field.key] as DimensionsInput | undefined);
      } else if (field.kind === 'pallets') {
        const lines = filledPalletLines(input[field.key]).map((line) => ({
          palletType: line.palletType,
          // 'Ingen palle' has no count (its field is hidden; an older task may still hold one).
          quantity: line.palletType === 'none' ? undefined : wholeOut(line.quantity),
          dimensions: dimensionsOut(line.dimensions),
        }));
        out[field.key] = lines.length > 0 ? lines : undefined;
      } else if (field.kind === 'number') {
        out[field.key] = isWholeNumberField(field) ? wholeOut(input[field.key]) : numberOut(input[field.key]);
      } else {
        out[field.key] = input[field.key];
      }
    }
  }
  if (type === 'moving') {
    // Spec section 3: the moving form also sends what the address suggestions gave.
    Object.assign(out, {
      fromLat: form.from.lat,
      fromLng: form.from.lng,
      toLat: form.to.lat,
      toLng: form.to.lng,
      fromPlaceId: form.from.placeId,
      toPlaceId: form.to.placeId,
      fromFormattedAddress: form.from.formattedAddress,
      toFormattedAddress: form.to.formattedAddress,
    });
  }
  return out;
}

/**
 * The moving form asks for a phone among its own fields ('Telefonnummer', required): that one is also the task's
 * contact phone, so a guest or an edit is not asked for it a second time under 'Kontaktoplysninger'.
 */
export const asksPhoneInDetails = (type: TaskType | null): boolean => type === 'moving';

/** The contact phone the task gets: the moving form's own phone, else the contact section's. */
export function contactPhoneOf(form: TaskForm): string {
  if (!asksPhoneInDetails(form.type)) return form.contactPhone;
  const phone = form.details.moving?.contactPhone;
  return typeof phone === 'string' ? phone : '';
}

export interface FormOptions {
  /** Contact e-mail and phone are asked for (and sent): a guest creating, or anyone editing (spec section 2). */
  withContact: boolean;
  /** A guest creating: checked with the guest schema, which requires the contact e-mail (the follow-up link goes there). */
  guest?: boolean;
  /** An edit may keep the pickup date the task already has, even once it has passed (the service allows it too). */
  keptPickupDate?: string;
}

/** What the form sends before the schema normalises it (snake_case keys of the API). */
export function toTaskInput(form: TaskForm, options: FormOptions): Record<string, unknown> {
  return {
    type: form.type ?? undefined,
    from_address: form.from.address,
    to_address: form.to.address,
    from_postal_code: form.from.postalCode,
    from_city: form.from.city,
    to_postal_code: form.to.postalCode,
    to_city: form.to.city,
    description: form.description,
    details: form.type ? detailsOut(form.type, form.details[form.type] ?? {}, form) : {},
    preferred_pickup_date: form.preferredPickupDate,
    preferred_delivery_date: form.preferredDeliveryDate,
    time_frame_start: form.timeFrameStart,
    time_frame_end: form.timeFrameEnd,
    is_flexible: form.isFlexible,
    images: form.images,
    ...(options.withContact ? { contact_email: form.contactEmail, contact_phone: contactPhoneOf(form) } : {}),
  };
}

export type Validation = { ok: true; body: CreateTaskBody } | { ok: false; errors: FieldErrors };

/** The form checked with the service's own schema: the body to send, or the Danish message of each field. */
export function validateTaskForm(form: TaskForm, options: FormOptions): Validation {
  const result = taskFormSchema(options).safeParse(form);
  if (result.success) return { ok: true, body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The whole-number fields (counts, floors, pallet quantities) given a decimal: their body path and Danish message. */
function wholeNumberIssues(form: TaskForm): Array<{ path: (string | number)[]; message: string }> {
  if (!form.type) return [];
  const input = form.details[form.type] ?? {};
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  for (const group of TASK_FIELD_GROUPS[form.type]) {
    for (const field of group.fields) {
      if (isWholeNumberField(field) && isNotWhole(input[field.key])) issues.push({ path: ['details', field.key], message: messages.wholeNumberRequired });
      if (field.kind === 'pallets') {
        filledPalletLines(input[field.key]).forEach((line, index) => {
          if (isNotWhole(line.quantity)) issues.push({ path: ['details', field.key, index, 'quantity'], message: messages.wholeNumberRequired });
        });
      }
    }
  }
  return issues;
}

/** The date an edit started with may stay, though it is in the past; any other past pickup date is refused. */
function isKeptPastDate(issue: z.core.$ZodIssue, form: TaskForm, options: FormOptions): boolean {
  return (
    issue.message === messages.pickupDateInPast &&
    options.keptPickupDate !== undefined &&
    form.preferredPickupDate === options.keptPickupDate
  );
}

/**
 * The wizard's schema for react-hook-form's zod resolver: the form as typed in, turned into the body and checked by
 * the service's own `createTaskBodySchema`. Its issues keep the body's paths ('from_address', 'details.weight').
 */
export function taskFormSchema(options: FormOptions) {
  return z.custom<TaskForm>((value) => typeof value === 'object' && value !== null).transform((form, ctx): CreateTaskBody => {
    const notWhole = wholeNumberIssues(form);
    const schema = options.guest ? guestCreateTaskBodySchema : createTaskBodySchema;
    const result = schema.safeParse(toTaskInput(form, options));
    if (result.success && notWhole.length === 0) return result.data;
    const notWholePaths = new Set(notWhole.map((issue) => issue.path.join('.')));
    const schemaIssues = result.success ? [] : result.error.issues.filter((issue) => !notWholePaths.has(issue.path.map(String).join('.')));
    const issues = [...notWhole, ...schemaIssues.filter((issue) => !isKeptPastDate(issue, form, options))];
    if (issues.length === 0) {
      const body = schema.parse(toTaskInput({ ...form, preferredPickupDate: '' }, options));
      return { ...body, preferred_pickup_date: form.preferredPickupDate };
    }
    for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] as (string | number)[] });
    return z.NEVER;
  });
}

// ---- task → form (edit) ----

/** A stored value back into its input: numbers the Danish way (`12,5`). */
const text = (value: unknown): string => (typeof value === 'number' ? formatDanishNumberInput(value) : typeof value === 'string' ? value : '');
const flag = (value: unknown): boolean => value === true;
const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);
const optionalNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function dimensionsIn(value: unknown): DimensionsInput {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { length: text(source.length), width: text(source.width), height: text(source.height) };
}

function detailsIn(type: TaskType, details: Record<string, unknown>): DetailsInput {
  const out: DetailsInput = {};
  for (const group of TASK_FIELD_GROUPS[type]) {
    for (const field of group.fields) {
      const value = details[field.key];
      if (field.kind === 'checkbox') out[field.key] = flag(value);
      else if (field.kind === 'dimensions' && field.key === '') out.dimensions = dimensionsIn(details);
      else if (field.kind === 'dimensions') out[field.key] = dimensionsIn(value);
      else if (field.kind === 'pallets') {
        out[field.key] = Array.isArray(value)
          ? value.map((line: Record<string, unknown>) => ({
              palletType: text(line?.palletType),
              quantity: text(line?.quantity),
              dimensions: dimensionsIn(line?.dimensions),
            }))
          : [];
      } else out[field.key] = text(value);
    }
  }
  return out;
}

function dateIn(value: string | null): string {
  if (!value) return '';
  return normaliseDate(value) ?? '';
}

/** The form prefilled from a task being edited. */
export function taskToForm(task: Task): TaskForm {
  const type = (taskTypes as readonly string[]).includes(task.type) ? task.type : null;
  const details = (task.details ?? {}) as Record<string, unknown>;
  return {
    type,
    from: {
      address: task.from_address ?? '',
      postalCode: task.from_postal_code ?? undefined,
      city: task.from_city ?? undefined,
      lat: optionalNumber(details.fromLat),
      lng: optionalNumber(details.fromLng),
      placeId: optionalText(details.fromPlaceId),
      formattedAddress: optionalText(details.fromFormattedAddress),
    },
    to: {
      address: task.to_address ?? '',
      postalCode: task.to_postal_code ?? undefined,
      city: task.to_city ?? undefined,
      lat: optionalNumber(details.toLat),
      lng: optionalNumber(details.toLng),
      placeId: optionalText(details.toPlaceId),
      formattedAddress: optionalText(details.toFormattedAddress),
    },
    description: task.description ?? '',
    details: type ? { [type]: detailsIn(type, details) } : {},
    preferredPickupDate: dateIn(task.preferred_pickup_date),
    preferredDeliveryDate: dateIn(task.preferred_delivery_date),
    timeFrameStart: task.time_frame_start?.slice(0, 5) ?? '',
    timeFrameEnd: task.time_frame_end?.slice(0, 5) ?? '',
    isFlexible: task.is_flexible,
    images: task.images ?? [],
    contactEmail: task.contact_email ?? '',
    contactPhone: task.contact_phone ?? '',
  };
}

/** The step that shows the first error: the type cards (step 1) or the form (step 2). */
export function stepOfErrors(errors: FieldErrors): 1 | 2 {
  return errors.type ? 1 : 2;
}
