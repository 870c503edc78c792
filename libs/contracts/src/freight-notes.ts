import { z } from 'zod';
import { messages } from './messages';
import { numericInput } from './pricing';

/**
 * The freight note ('Fragtbrev', spec sections 3, 6, 7): five party groups, the carrier group and the goods, with a
 * status (draft until one of the locked statuses) and a change log. svc-tasks: GET/PUT /tasks/{id}/freight-note and
 * GET /tasks/{id}/freight-note.pdf.
 */

export const freightNoteStatuses = ['draft', 'locked', 'approved', 'final', 'finalized', 'closed'] as const;
export const freightNoteStatusSchema = z.enum(freightNoteStatuses);
export type FreightNoteStatus = z.infer<typeof freightNoteStatusSchema>;
/** Statuses in which the note can no longer be changed (spec section 3). */
export const lockedFreightNoteStatuses: readonly FreightNoteStatus[] = ['locked', 'approved', 'final', 'finalized', 'closed'];
export const isFreightNoteLocked = (status: string): boolean => (lockedFreightNoteStatuses as readonly string[]).includes(status);

export const freightPartyGroups = ['sender', 'pickup', 'recipient', 'delivery', 'bill_to'] as const;
export type FreightPartyGroup = (typeof freightPartyGroups)[number];
export const freightPartyFields = ['name', 'company', 'cvr', 'email', 'phone', 'street', 'houseNo', 'postalCode', 'city', 'country', 'address'] as const;
export type FreightPartyField = (typeof freightPartyFields)[number];
export const freightCarrierFields = ['name', 'company', 'cvr', 'email', 'phone', 'address'] as const;
export type FreightCarrierField = (typeof freightCarrierFields)[number];
export const freightGoodsFields = ['description', 'packages', 'weightKg', 'volumeM3', 'type'] as const;

export const freightNoteDefaults = { country: 'Danmark', goodsType: 'general', packages: 1 } as const;
const wholeCount = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : null;
};

/**
 * 'Antal kolli' before anyone typed it: what the task's details count (spec section 3 type-specific forms), else the
 * spec default 1. Fullload and package pallets: the sum of the pallet lines (a line 'Ingen palle' counts nothing);
 * package and furniture: numberOfItems; courier: numberOfPallets when a pallet type is chosen. Moving has no count of
 * its own (boxes are only part of a move), so it keeps the default.
 */
export function defaultPackagesOf(type: string, details: Record<string, unknown> | null | undefined): number {
  const d = details ?? {};
  const palletSum = (): number | null => {
    if (!Array.isArray(d.pallets)) return null;
    let sum = 0;
    for (const line of d.pallets as unknown[]) {
      if (line === null || typeof line !== 'object') continue;
      const { palletType, quantity } = line as Record<string, unknown>;
      if (palletType === 'none') continue;
      sum += wholeCount(quantity) ?? 0;
    }
    return sum >= 1 ? sum : null;
  };
  let count: number | null = null;
  if (type === 'fullload') count = palletSum();
  else if (type === 'package' || type === 'furniture') count = wholeCount(d.numberOfItems) ?? (type === 'package' ? palletSum() : null);
  else if (type === 'courier') count = d.palletType && d.palletType !== 'none' ? wholeCount(d.numberOfPallets) : null;
  return count !== null && count <= freightNoteLimits.maxPackages ? count : freightNoteDefaults.packages;
}
/** The 'Godstype' choices: stored value → the Danish text shown (the form offers these; older free text is kept). */
export const freightGoodsTypeLabels: Readonly<Record<string, string>> = {
  general: 'Almindeligt gods',
  household: 'Flyttegods og indbo',
  furniture: 'Møbler',
  pallets: 'Paller',
  parcels: 'Pakker',
  fragile: 'Skrøbeligt gods',
  chilled: 'Kølevarer',
  building_materials: 'Byggematerialer',
  machinery: 'Maskiner',
  vehicles: 'Køretøjer',
  other: 'Andet',
};
/** What a carrier who is not (yet) assigned sees instead of an address it may not know (spec section 6). */
export const freightHiddenText = 'Skjult indtil opgaven er tildelt';

export const freightNoteLimits = { text: 200, address: 300, description: 5000, maxPackages: 100_000, maxWeightKg: 1_000_000, maxVolumeM3: 100_000 } as const;

// ---- input (PUT) ----

/** '' and null clear a field; text is trimmed. */
const blankToNull = (value: unknown) => {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value;
};
const textField = (max: number, message: string = messages.freightFieldTooLong) =>
  z.preprocess(blankToNull, z.string({ error: messages.invalidInput }).max(max, message).nullable());

const cvrField = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.replace(/\s+/g, '')) : typeof value === 'number' ? String(value) : value),
  z.string({ error: messages.cvrInvalid }).regex(/^\d{8}$/, messages.cvrInvalid).nullable(),
);
const postalCodeField = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : blankToNull(value)),
  z.string({ error: messages.postalCodeInvalid }).regex(/^\d{4}$/, messages.postalCodeInvalid).nullable(),
);
const emailField = z.preprocess(blankToNull, z.string({ error: messages.emailInvalid }).max(254, messages.emailInvalid).email(messages.emailInvalid).nullable());

export const freightPartyInputSchema = z.object({
  name: textField(freightNoteLimits.text),
  company: textField(freightNoteLimits.text),
  cvr: cvrField,
  email: emailField,
  phone: textField(40),
  street: textField(freightNoteLimits.text),
  houseNo: textField(20),
  postalCode: postalCodeField,
  city: textField(100),
  country: textField(60),
  address: textField(freightNoteLimits.address, messages.addressTooLong),
}).partial();
export type FreightPartyInput = z.infer<typeof freightPartyInputSchema>;

export const freightCarrierInputSchema = freightPartyInputSchema.pick({ name: true, company: true, cvr: true, email: true, phone: true, address: true });
export type FreightCarrierInput = z.infer<typeof freightCarrierInputSchema>;

const optionalNumber = (max: number, message: string) =>
  z.preprocess((value) => numericInput(blankToNull(value)), z.number({ error: message }).min(0, message).max(max, message).nullable());

export const freightGoodsInputSchema = z.object({
  description: textField(freightNoteLimits.description, messages.descriptionTooLong),
  packages: z.preprocess(
    (value) => numericInput(blankToNull(value)),
    z.number({ error: messages.freightPackagesInvalid }).int(messages.freightPackagesInvalid).min(1, messages.freightPackagesInvalid).max(freightNoteLimits.maxPackages, messages.freightPackagesInvalid).nullable(),
  ),
  weightKg: optionalNumber(freightNoteLimits.maxWeightKg, messages.freightWeightInvalid),
  volumeM3: optionalNumber(freightNoteLimits.maxVolumeM3, messages.freightVolumeInvalid),
  type: textField(50),
}).partial();
export type FreightGoodsInput = z.infer<typeof freightGoodsInputSchema>;

/** goods as a JSON string (spec section 7) or as an object. */
const goodsInput = z.preprocess((value) => {
  // null, '' and 'null' change nothing (a client that has no goods to send)
  if (value === null || (typeof value === 'string' && (value.trim() === '' || value.trim() === 'null'))) return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return Symbol('invalid');
  }
}, z.object(freightGoodsInputSchema.shape, { error: messages.freightGoodsInvalid }).partial().optional());

/**
 * The nested form of an update. Flat keys (sender_name, pickup_postal_code, bill_to_cvr …, spec section 7) are folded
 * into it by `foldFreightNoteFlatKeys` before it is parsed; other keys (change_log, ids …) are ignored.
 */
export const freightNoteUpdateBodySchema = z.object({
  status: freightNoteStatusSchema.optional(),
  sender: freightPartyInputSchema.optional(),
  pickup: freightPartyInputSchema.optional(),
  recipient: freightPartyInputSchema.optional(),
  delivery: freightPartyInputSchema.optional(),
  bill_to: freightPartyInputSchema.optional(),
  carrier: freightCarrierInputSchema.optional(),
  goods: goodsInput.optional(),
});
export type FreightNoteUpdateBody = z.infer<typeof freightNoteUpdateBodySchema>;

const snakeToCamel = (text: string) => text.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const flatKeyPattern = /^(sender|pickup|recipient|delivery|bill_to|carrier)_([a-z][a-zA-Z0-9_]*)$/;

/** { sender_name, pickup_house_no, goods: '{…}' } → { sender: { name }, pickup: { houseNo }, goods: '{…}' }; flat keys win. */
export function foldFreightNoteFlatKeys(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  const flat: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const match = flatKeyPattern.exec(key);
    if (match) {
      const [, group, field] = match as unknown as [string, string, string];
      const name = snakeToCamel(field);
      (flat[group] ??= {})[name === 'cvrNumber' ? 'cvr' : name] = value;
    } else {
      out[key] = value;
    }
  }
  for (const [group, fields] of Object.entries(flat)) {
    const nested = out[group];
    out[group] = nested !== null && typeof nested === 'object' && !Array.isArray(nested) ? { ...(nested as object), ...fields } : fields;
  }
  return out;
}

// ---- output ----

const nullableText = z.string().nullable();
export const freightPartySchema = z.object(Object.fromEntries(freightPartyFields.map((field) => [field, nullableText])) as Record<FreightPartyField, typeof nullableText>);
export type FreightParty = z.infer<typeof freightPartySchema>;
export const freightCarrierSchema = z.object(Object.fromEntries(freightCarrierFields.map((field) => [field, nullableText])) as Record<FreightCarrierField, typeof nullableText>);
export type FreightCarrier = z.infer<typeof freightCarrierSchema>;
export const freightGoodsSchema = z.object({
  description: z.string().nullable(),
  packages: z.number().int().nullable(),
  weightKg: z.number().nullable(),
  volumeM3: z.number().nullable(),
  type: z.string().nullable(),
});
export type FreightGoods = z.infer<typeof freightGoodsSchema>;
export const freightChangeSchema = z.object({ at: z.string(), by: z.number().int(), role: z.string(), fields: z.array(z.string()) });
export type FreightChange = z.infer<typeof freightChangeSchema>;

export const freightNoteSchema = z.object({
  task_id: z.number().int(),
  status: freightNoteStatusSchema,
  locked: z.boolean(),
  /** 'full' for owner, admin and the assigned carrier; 'limited' for a carrier who bid but is not assigned. */
  view: z.enum(['full', 'limited']),
  /** Whether the caller may PUT now. */
  can_edit: z.boolean(),
  sender: freightPartySchema,
  pickup: freightPartySchema,
  recipient: freightPartySchema,
  delivery: freightPartySchema,
  bill_to: freightPartySchema,
  carrier: freightCarrierSchema,
  goods: freightGoodsSchema,
  change_log: z.array(freightChangeSchema),
  /** null until the note is first saved (until then it is the defaults from the task). */
  updated_at: z.string().nullable(),
  /**
   * GET only, full view: each pickup/delivery proof's capture time on the carrier's device and arrival at the server
   * (they differ for a proof sent later from the offline queue; issue 29).
   */
  proofs: z
    .array(z.object({ id: z.number().int(), type: z.string(), captured_at: z.string().nullable(), received_at: z.string() }))
    .optional(),
});
export type FreightNote = z.infer<typeof freightNoteSchema>;
