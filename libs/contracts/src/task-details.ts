import { z } from 'zod';
import { messages } from './messages';
import type { TaskType } from './task-types';

/*
 * The type-specific part of a task (`details`), one schema per type (spec section 3 "Type-specific forms",
 * ranges and required marks of spec section 5). Field names are the spec's camelCase keys.
 * Form inputs arrive as strings: numbers accept numeric strings (comma or point as decimal mark), yes/no fields
 * accept "true"/"false"/"on"/"1"/"0", and an empty string counts as not given. Unknown keys are dropped.
 */

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const toNumber = (value: unknown) => {
  const v = blankToUndefined(value);
  if (typeof v === 'string') return Number(v.trim().replace(',', '.'));
  return v;
};

interface NumberRule {
  min: number;
  max: number;
  range: string;
  int?: boolean;
  required?: string;
  minMessage?: string;
}

const numberSchema = (rule: NumberRule) => {
  let schema = z
    .number({ error: (issue) => (issue.input === undefined ? (rule.required ?? messages.invalidNumber) : messages.invalidNumber) })
    .min(rule.min, rule.minMessage ?? rule.range)
    .max(rule.max, rule.range);
  if (rule.int) schema = schema.int(messages.wholeNumberRequired);
  return schema;
};

/** A required number: missing → `rule.required`. */
export const requiredNumber = (rule: NumberRule & { required: string }) => z.preprocess(toNumber, numberSchema(rule));
/** An optional number: blank → left out. */
export const optionalNumber = (rule: NumberRule) => z.preprocess(toNumber, numberSchema(rule).optional());

const toBoolean = (value: unknown) => {
  const v = blankToUndefined(value);
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', 'on', '1', 'yes', 'ja'].includes(s)) return true;
    if (['false', 'off', '0', 'no', 'nej'].includes(s)) return false;
  }
  return v;
};
/** A yes/no field; not given → false. */
export const yesNo = () => z.preprocess(toBoolean, z.boolean({ error: messages.invalidYesNo }).optional().default(false));

const choice = <const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string = messages.invalidChoice) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: (issue) => (issue.input === undefined ? required : invalid) }));
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, invalid: string = messages.invalidChoice) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: invalid }).optional());

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string({ error: messages.invalidChoice }).trim().max(max, messages.textTooLong).optional());

/** A Danish-friendly phone number: digits with optional +, spaces, dashes, parentheses; 6–15 digits. */
export const phoneSchema = z
  .string({ error: messages.contactPhoneInvalid })
  .trim()
  .max(30, messages.contactPhoneInvalid)
  .refine((v) => /^\+?[\d\s\-()]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6 && (v.match(/\d/g)?.length ?? 0) <= 15, {
    message: messages.contactPhoneInvalid,
  });

// ---- enumerations (spec section 3) ----

export const apartmentSizes = ['small', 'medium', 'large', 'house_small', 'house_medium', 'house_large'] as const;
export type ApartmentSize = (typeof apartmentSizes)[number];
export const apartmentSizeLabels: Record<ApartmentSize, string> = {
  small: 'Lille lejlighed',
  medium: 'Mellemstor lejlighed',
  large: 'Stor lejlighed',
  house_small: 'Lille hus',
  house_medium: 'Mellemstort hus',
  house_large: 'Stort hus',
};

export const floorRange = { min: 0, max: 6 } as const;
export const parkingDistances = [0, 10, 25, 50, 100] as const;
export type ParkingDistance = (typeof parkingDistances)[number];

export const packageSizes = ['small', 'medium', 'large', 'xlarge'] as const;
export type PackageSize = (typeof packageSizes)[number];
export const packageSizeLabels: Record<PackageSize, string> = {
  small: 'Lille',
  medium: 'Mellem',
  large: 'Stor',
  xlarge: 'Ekstra stor',
};

export const packageTypes = ['box', 'pallet', 'envelope', 'tube', 'bag', 'drum', 'crate', 'other'] as const;
export type PackageType = (typeof packageTypes)[number];
export const packageTypeLabels: Record<PackageType, string> = {
  box: 'Kasse',
  pallet: 'Palle',
  envelope: 'Kuvert',
  tube: 'Rør',
  bag: 'Sæk',
  drum: 'Tønde',
  crate: 'Trækasse',
  other: 'Andet',
};

export const furnitureTypes = [
  'sofa',
  'table',
  'chair',
  'cabinet',
  'bed',
  'wardrobe',
  'bookshelf',
  'desk',
  'dining_table',
  'cupboard',
  'other',
] as const;
export type FurnitureType = (typeof furnitureTypes)[number];
export const furnitureTypeLabels: Record<FurnitureType, string> = {
  sofa: 'Sofa',
  table: 'Bord',
  chair: 'Stol',
  cabinet: 'Skab',
  bed: 'Seng',
  wardrobe: 'Garderobeskab',
  bookshelf: 'Reol',
  desk: 'Skrivebord',
  dining_table: 'Spisebord',
  cupboard: 'Skænk',
  other: 'Andet',
};

export const truckTypes = ['small', 'medium', 'large', 'xlarge', 'container', 'trailer', 'refrigerated'] as const;
export type TruckType = (typeof truckTypes)[number];
export const truckTypeLabels: Record<TruckType, string> = {
  small: 'Lille lastbil',
  medium: 'Mellemstor lastbil',
  large: 'Stor lastbil',
  xlarge: 'Ekstra stor lastbil',
  container: 'Container',
  trailer: 'Sættevogn',
  refrigerated: 'Kølebil',
};

/** Pallet types; `display` exists for package and fullload only. */
export const palletTypes = ['none', 'euro', 'industrial', 'half', 'quarter', 'display', 'custom'] as const;
export type PalletType = (typeof palletTypes)[number];
export const courierPalletTypes = ['none', 'euro', 'industrial', 'half', 'quarter', 'custom'] as const;
export const palletTypeLabels: Record<PalletType, string> = {
  none: 'Ingen palle',
  euro: 'EUR-palle (120×80 cm)',
  industrial: 'Industripalle (120×100 cm)',
  half: 'Halvpalle (80×60 cm)',
  quarter: 'Kvartpalle (60×40 cm)',
  display: 'Displaypalle',
  custom: 'Andet mål',
};

// ---- shared pieces ----

const dimension = optionalNumber({ min: 1, max: 10_000, range: messages.dimensionRange });
/** Length, width, height in cm, each at least 1. */
export const dimensionsSchema = z.object({ length: dimension, width: dimension, height: dimension });
export type Dimensions = z.infer<typeof dimensionsSchema>;
const optionalDimensions = z.preprocess(blankToUndefined, dimensionsSchema.optional());

const weight = (required?: string) =>
  required
    ? requiredNumber({ min: 0, max: 100_000, range: messages.weightRange, required })
    : optionalNumber({ min: 0, max: 100_000, range: messages.weightRange });
const floor = optionalNumber({ min: floorRange.min, max: floorRange.max, int: true, range: messages.floorRange });
const parkingDistance = z.preprocess(
  toNumber,
  z
    .number({ error: messages.parkingDistanceInvalid })
    .refine((v) => (parkingDistances as readonly number[]).includes(v), messages.parkingDistanceInvalid)
    .optional(),
);
const palletCount = optionalNumber({ min: 0, max: 1000, int: true, range: messages.palletCountRange });

/**
 * One line of pallets (package and fullload): type, how many, measures for `custom`. 'Ingen palle' (`none`: goods not
 * on pallets) has no count: a quantity with it is refused, as it would read '4 × Ingen palle'; every other type needs one.
 */
export const palletLineSchema = z
  .object({
    palletType: choice(palletTypes, messages.palletTypeInvalid, messages.palletTypeInvalid),
    quantity: optionalNumber({ min: 1, max: 1000, int: true, range: messages.palletCountRange }),
    dimensions: optionalDimensions,
  })
  .superRefine((line, ctx) => {
    if (line.palletType === 'none' && line.quantity !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: messages.palletNoneQuantity });
    } else if (line.palletType !== 'none' && line.quantity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: messages.palletCountRange });
    }
  });
export type PalletLine = z.infer<typeof palletLineSchema>;
const palletLines = z.preprocess(
  blankToUndefined,
  z.array(palletLineSchema, { error: messages.palletTypeInvalid }).max(50, messages.tooManyPalletLines).optional(),
);

// ---- one schema per type ----

export const movingDetailsSchema = z.object({
  apartmentSize: choice(apartmentSizes, messages.apartmentSizeRequired),
  numberOfRooms: optionalNumber({ min: 1, max: 20, int: true, range: messages.roomsRange }),
  totalVolume: optionalNumber({ min: 1, max: 1000, range: messages.volumeMax, minMessage: messages.volumeMin }),
  numberOfBoxes: optionalNumber({ min: 0, max: 1000, int: true, range: messages.boxesRange }),
  heavyItems: optionalText(1000),
  needPacking: yesNo(),
  needFurnitureDisassembly: yesNo(),
  floorFrom: floor,
  floorTo: floor,
  hasElevatorFrom: yesNo(),
  hasElevatorTo: yesNo(),
  parkingDistanceFrom: parkingDistance,
  parkingDistanceTo: parkingDistance,
  contactPhone: z.preprocess(
    blankToUndefined,
    z.string({ error: (issue) => (issue.input === undefined ? messages.contactPhoneRequired : messages.contactPhoneInvalid) }).pipe(phoneSchema),
  ),
  // What the address suggestion gave (spec section 3: the moving form adds these); never shown publicly.
  fromLat: optionalNumber({ min: -90, max: 90, range: messages.invalidNumber }),
  fromLng: optionalNumber({ min: -180, max: 180, range: messages.invalidNumber }),
  toLat: optionalNumber({ min: -90, max: 90, range: messages.invalidNumber }),
  toLng: optionalNumber({ min: -180, max: 180, range: messages.invalidNumber }),
  fromPlaceId: optionalText(200),
  toPlaceId: optionalText(200),
  fromFormattedAddress: optionalText(300),
  toFormattedAddress: optionalText(300),
});
export type MovingDetails = z.infer<typeof movingDetailsSchema>;

export const courierDetailsSchema = z.object({
  packageSize: choice(packageSizes, messages.packageSizeRequired),
  packageWeight: weight(messages.weightRequired),
  length: dimension,
  width: dimension,
  height: dimension,
  urgent: yesNo(),
  palletType: optionalChoice(courierPalletTypes, messages.palletTypeInvalid),
  numberOfPallets: palletCount,
  palletDimensions: optionalDimensions,
});
export type CourierDetails = z.infer<typeof courierDetailsSchema>;

export const packageDetailsSchema = z.object({
  packageType: choice(packageTypes, messages.packageTypeRequired),
  numberOfItems: requiredNumber({ min: 1, max: 1000, int: true, range: messages.packageItemsRange, required: messages.packageItemsRange }),
  totalWeight: weight(messages.weightRequired),
  dimensions: optionalDimensions,
  fragile: yesNo(),
  stackable: yesNo(),
  needLoadingHelp: yesNo(),
  pallets: palletLines,
});
export type PackageDetails = z.infer<typeof packageDetailsSchema>;

export const furnitureDetailsSchema = z.object({
  furnitureType: choice(furnitureTypes, messages.furnitureTypeRequired),
  numberOfItems: requiredNumber({ min: 1, max: 100, int: true, range: messages.furnitureItemsRange, required: messages.furnitureItemsRange }),
  weight: weight(),
  dimensions: optionalDimensions,
  needDisassembly: yesNo(),
  needAssembly: yesNo(),
  floorFrom: floor,
  floorTo: floor,
  hasElevator: yesNo(),
});
export type FurnitureDetails = z.infer<typeof furnitureDetailsSchema>;

/** Fullload also requires the task's description (checked on the create body). */
export const fullloadDetailsSchema = z.object({
  truckType: choice(truckTypes, messages.truckTypeRequired),
  volume: requiredNumber({ min: 1, max: 1000, range: messages.volumeMax, minMessage: messages.volumeMin, required: messages.volumeRequired }),
  weight: weight(messages.weightRequired),
  needLoadingHelp: yesNo(),
  needUnloadingHelp: yesNo(),
  loadingEquipment: optionalText(200),
  temperatureControlled: yesNo(),
  hazardousMaterials: yesNo(),
  pallets: palletLines,
});
export type FullloadDetails = z.infer<typeof fullloadDetailsSchema>;

export const taskDetailsSchemas = {
  moving: movingDetailsSchema,
  courier: courierDetailsSchema,
  package: packageDetailsSchema,
  furniture: furnitureDetailsSchema,
  fullload: fullloadDetailsSchema,
} as const satisfies Record<TaskType, z.ZodType>;

export interface TaskDetailsByType {
  moving: MovingDetails;
  courier: CourierDetails;
  package: PackageDetails;
  furniture: FurnitureDetails;
  fullload: FullloadDetails;
}
export type TaskDetails = TaskDetailsByType[TaskType];

/** The details schema of a task type. */
export function detailsSchemaFor(type: TaskType): z.ZodType<TaskDetails> {
  return taskDetailsSchemas[type] as unknown as z.ZodType<TaskDetails>;
}

/** Task types whose description is required (spec section 5: fullload). */
export const typesRequiringDescription: readonly TaskType[] = ['fullload'];

/** Keys of `details` that reveal contact data or the exact place; removed in the public view. */
export const privateDetailKeys = [
  'contactPhone',
  'fromLat',
  'fromLng',
  'toLat',
  'toLng',
  'fromPlaceId',
  'toPlaceId',
  'fromFormattedAddress',
  'toFormattedAddress',
] as const;
