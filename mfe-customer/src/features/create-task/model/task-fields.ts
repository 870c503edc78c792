import {
  apartmentSizeLabels,
  apartmentSizes,
  courierPalletTypes,
  furnitureTypeLabels,
  furnitureTypes,
  packageSizeLabels,
  packageSizes,
  packageTypeLabels,
  packageTypes,
  palletTypeLabels,
  palletTypes,
  parkingDistances,
  truckTypeLabels,
  truckTypes,
  type PalletType,
  type TaskType,
} from '@fragtbud/contracts';

/*
 * The type-specific fields of spec section 3, as the form shows them: Danish labels, the enumerations' labels from
 * the contracts, and the input limits of spec section 5 (the shared zod schemas check the same limits and give the
 * messages). `key` is the spec's camelCase key inside `details`.
 */

export interface Option {
  value: string;
  label: string;
}

interface FieldBase {
  key: string;
  label: string;
  hint?: string;
  /** Spec section 5's required marks. */
  required?: boolean;
}

export type FieldDef =
  | (FieldBase & { kind: 'select'; options: readonly Option[]; placeholder: string })
  | (FieldBase & { kind: 'number'; min: number; max?: number; step: number; unit?: string })
  | (FieldBase & { kind: 'checkbox' })
  | (FieldBase & { kind: 'text'; inputType?: 'text' | 'tel'; placeholder?: string; autoComplete?: string; wide?: boolean })
  /** Length × width × height in cm; `key` '' means the three sit directly in details (courier). */
  | (FieldBase & { kind: 'dimensions' })
  | (FieldBase & { kind: 'pallets'; palletTypes: readonly PalletType[] });

export interface FieldGroup {
  title: string;
  fields: readonly FieldDef[];
}

const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

export const parkingDistanceLabel = (meters: number) => (meters === 0 ? 'Lige ved døren (0 m)' : meters === 100 ? '100 m eller mere' : `${meters} m`);
const parkingOptions: Option[] = parkingDistances.map((meters) => ({ value: String(meters), label: parkingDistanceLabel(meters) }));

export const palletTypeOptions = (types: readonly PalletType[]): Option[] => optionsOf(types, palletTypeLabels);

const floor = (key: string, label: string): FieldDef => ({ kind: 'number', key, label, min: 0, max: 6, step: 1, hint: '0 = stueetage' });
const weight = (key: string, label: string, required = false): FieldDef => ({ kind: 'number', key, label, min: 0, max: 100_000, step: 0.1, unit: 'kg', required });

export const TASK_FIELD_GROUPS: Record<TaskType, readonly FieldGroup[]> = {
  moving: [
    {
      title: 'Boligen',
      fields: [
        { kind: 'select', key: 'apartmentSize', label: 'Boligens størrelse', options: optionsOf(apartmentSizes, apartmentSizeLabels), placeholder: 'Vælg størrelse', required: true },
        { kind: 'number', key: 'numberOfRooms', label: 'Antal værelser', min: 1, max: 20, step: 1 },
        { kind: 'number', key: 'totalVolume', label: 'Samlet volumen', min: 1, max: 1000, step: 0.1, unit: 'm³' },
        { kind: 'number', key: 'numberOfBoxes', label: 'Antal flyttekasser', min: 0, max: 1000, step: 1 },
        { kind: 'text', key: 'heavyItems', label: 'Tunge genstande', placeholder: 'F.eks. klaver, vaskemaskine eller pengeskab', wide: true },
      ],
    },
    {
      title: 'Afhentning',
      fields: [
        floor('floorFrom', 'Etage ved afhentning'),
        { kind: 'select', key: 'parkingDistanceFrom', label: 'Afstand til parkering ved afhentning', options: parkingOptions, placeholder: 'Vælg afstand' },
        { kind: 'checkbox', key: 'hasElevatorFrom', label: 'Elevator ved afhentning' },
      ],
    },
    {
      title: 'Levering',
      fields: [
        floor('floorTo', 'Etage ved levering'),
        { kind: 'select', key: 'parkingDistanceTo', label: 'Afstand til parkering ved levering', options: parkingOptions, placeholder: 'Vælg afstand' },
        { kind: 'checkbox', key: 'hasElevatorTo', label: 'Elevator ved levering' },
      ],
    },
    {
      title: 'Hjælp og kontakt',
      fields: [
        { kind: 'checkbox', key: 'needPacking', label: 'Hjælp til nedpakning' },
        { kind: 'checkbox', key: 'needFurnitureDisassembly', label: 'Adskillelse og samling af møbler' },
        { kind: 'text', key: 'contactPhone', label: 'Telefonnummer', inputType: 'tel', autoComplete: 'tel', required: true, hint: 'Vognmanden kan ringe, hvis der er spørgsmål til flytningen.' },
      ],
    },
  ],
  courier: [
    {
      title: 'Forsendelsen',
      fields: [
        { kind: 'select', key: 'packageSize', label: 'Pakkestørrelse', options: optionsOf(packageSizes, packageSizeLabels), placeholder: 'Vælg størrelse', required: true },
        weight('packageWeight', 'Vægt', true),
        { kind: 'dimensions', key: '', label: 'Mål' },
        { kind: 'checkbox', key: 'urgent', label: 'Haster – levering hurtigst muligt' },
      ],
    },
    {
      title: 'Paller',
      fields: [
        { kind: 'select', key: 'palletType', label: 'Palletype', options: palletTypeOptions(courierPalletTypes), placeholder: 'Vælg palletype' },
        { kind: 'number', key: 'numberOfPallets', label: 'Antal paller', min: 0, max: 1000, step: 1 },
        { kind: 'dimensions', key: 'palletDimensions', label: 'Pallemål', hint: 'Udfyldes ved anden pallestørrelse.' },
      ],
    },
  ],
  package: [
    {
      title: 'Godset',
      fields: [
        { kind: 'select', key: 'packageType', label: 'Pakketype', options: optionsOf(packageTypes, packageTypeLabels), placeholder: 'Vælg pakketype', required: true },
        { kind: 'number', key: 'numberOfItems', label: 'Antal kolli', min: 1, max: 1000, step: 1, required: true },
        weight('totalWeight', 'Samlet vægt', true),
        { kind: 'dimensions', key: 'dimensions', label: 'Mål pr. kolli' },
        { kind: 'checkbox', key: 'fragile', label: 'Skrøbeligt' },
        { kind: 'checkbox', key: 'stackable', label: 'Kan stables' },
        { kind: 'checkbox', key: 'needLoadingHelp', label: 'Hjælp til læsning' },
      ],
    },
    { title: 'Paller', fields: [{ kind: 'pallets', key: 'pallets', label: 'Paller', palletTypes }] },
  ],
  furniture: [
    {
      title: 'Møblerne',
      fields: [
        { kind: 'select', key: 'furnitureType', label: 'Møbeltype', options: optionsOf(furnitureTypes, furnitureTypeLabels), placeholder: 'Vælg møbeltype', required: true },
        { kind: 'number', key: 'numberOfItems', label: 'Antal møbler', min: 1, max: 100, step: 1, required: true },
        weight('weight', 'Vægt'),
        { kind: 'dimensions', key: 'dimensions', label: 'Mål' },
        { kind: 'checkbox', key: 'needDisassembly', label: 'Adskillelse før transport' },
        { kind: 'checkbox', key: 'needAssembly', label: 'Samling efter levering' },
      ],
    },
    {
      title: 'Adgangsforhold',
      fields: [floor('floorFrom', 'Etage ved afhentning'), floor('floorTo', 'Etage ved levering'), { kind: 'checkbox', key: 'hasElevator', label: 'Elevator' }],
    },
  ],
  fullload: [
    {
      title: 'Lasten',
      fields: [
        { kind: 'select', key: 'truckType', label: 'Lastbiltype', options: optionsOf(truckTypes, truckTypeLabels), placeholder: 'Vælg lastbiltype', required: true },
        { kind: 'number', key: 'volume', label: 'Volumen', min: 1, max: 1000, step: 0.1, unit: 'm³', required: true },
        weight('weight', 'Vægt', true),
        { kind: 'text', key: 'loadingEquipment', label: 'Læsseudstyr', placeholder: 'F.eks. truck, lift eller palleløfter' },
        { kind: 'checkbox', key: 'needLoadingHelp', label: 'Hjælp til læsning' },
        { kind: 'checkbox', key: 'needUnloadingHelp', label: 'Hjælp til aflæsning' },
        { kind: 'checkbox', key: 'temperatureControlled', label: 'Temperaturstyret transport' },
        { kind: 'checkbox', key: 'hazardousMaterials', label: 'Farligt gods' },
      ],
    },
    { title: 'Paller', fields: [{ kind: 'pallets', key: 'pallets', label: 'Paller', palletTypes }] },
  ],
};

export const DIMENSION_PARTS = [
  { key: 'length', label: 'Længde' },
  { key: 'width', label: 'Bredde' },
  { key: 'height', label: 'Højde' },
] as const;
export type DimensionKey = (typeof DIMENSION_PARTS)[number]['key'];
