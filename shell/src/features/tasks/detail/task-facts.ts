import {
  apartmentSizeLabels,
  furnitureTypeLabels,
  packageSizeLabels,
  packageTypeLabels,
  palletTypeLabels,
  truckTypeLabels,
  type Task,
} from '@fragtbud/contracts';

export interface TaskFact {
  label: string;
  value: string;
}

type Details = Record<string, unknown>;
type Format = (value: unknown, details: Details) => string | null;

const numberFormat = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });
const num = (unit = ''): Format => (value) =>
  typeof value === 'number' && Number.isFinite(value) ? `${numberFormat.format(value)}${unit ? ` ${unit}` : ''}` : null;
const yes: Format = (value) => (value === true ? 'Ja' : null);
const text: Format = (value) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const label = (labels: Record<string, string>): Format => (value) => (typeof value === 'string' ? (labels[value] ?? value) : null);
const floor: Format = (value) => (typeof value === 'number' ? (value === 0 ? 'Stuen' : `${value}. sal`) : null);
const dimensions: Format = (value) => {
  if (!value || typeof value !== 'object') return null;
  const { length, width, height } = value as Record<string, unknown>;
  const parts = [length, width, height].map((part) => (typeof part === 'number' ? numberFormat.format(part) : '?'));
  return parts.every((part) => part === '?') ? null : `${parts.join(' × ')} cm`;
};
const pallets: Format = (value) => {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value
    .map((line) => {
      const { palletType, quantity } = (line ?? {}) as Record<string, unknown>;
      const name = typeof palletType === 'string' ? (palletTypeLabels as Record<string, string>)[palletType] ?? palletType : 'Palle';
      // 'Ingen palle' has no count (older tasks may still carry one): never '4 × Ingen palle'.
      if (palletType === 'none') return name;
      return `${typeof quantity === 'number' ? quantity : 1} × ${name}`;
    })
    .join(', ');
};

/** What each type's details are called on the task page, in the order the form asks for them (spec section 3). */
const FIELDS: Record<Task['type'], ReadonlyArray<[key: string, label: string, format: Format]>> = {
  moving: [
    ['apartmentSize', 'Boligstørrelse', label(apartmentSizeLabels)],
    ['numberOfRooms', 'Antal værelser', num()],
    ['totalVolume', 'Samlet volumen', num('m³')],
    ['numberOfBoxes', 'Antal flyttekasser', num()],
    ['heavyItems', 'Tunge genstande', text],
    ['floorFrom', 'Etage ved afhentning', floor],
    ['hasElevatorFrom', 'Elevator ved afhentning', yes],
    ['parkingDistanceFrom', 'Afstand til parkering (afhentning)', num('m')],
    ['floorTo', 'Etage ved levering', floor],
    ['hasElevatorTo', 'Elevator ved levering', yes],
    ['parkingDistanceTo', 'Afstand til parkering (levering)', num('m')],
    ['needPacking', 'Hjælp til nedpakning', yes],
    ['needFurnitureDisassembly', 'Adskillelse af møbler', yes],
  ],
  courier: [
    ['packageSize', 'Pakkestørrelse', label(packageSizeLabels)],
    ['packageWeight', 'Vægt', num('kg')],
    ['length', 'Længde', num('cm')],
    ['width', 'Bredde', num('cm')],
    ['height', 'Højde', num('cm')],
    ['urgent', 'Haster', yes],
    ['palletType', 'Palletype', label(palletTypeLabels)],
    ['numberOfPallets', 'Antal paller', num()],
    ['palletDimensions', 'Pallemål', dimensions],
  ],
  package: [
    ['packageType', 'Pakketype', label(packageTypeLabels)],
    ['numberOfItems', 'Antal kolli', num()],
    ['totalWeight', 'Samlet vægt', num('kg')],
    ['dimensions', 'Mål', dimensions],
    ['fragile', 'Skrøbeligt', yes],
    ['stackable', 'Kan stables', yes],
    ['needLoadingHelp', 'Hjælp til læsning', yes],
    ['pallets', 'Paller', pallets],
  ],
  furniture: [
    ['furnitureType', 'Møbeltype', label(furnitureTypeLabels)],
    ['numberOfItems', 'Antal møbler', num()],
    ['weight', 'Vægt', num('kg')],
    ['dimensions', 'Mål', dimensions],
    ['floorFrom', 'Etage ved afhentning', floor],
    ['floorTo', 'Etage ved levering', floor],
    ['hasElevator', 'Elevator', yes],
    ['needDisassembly', 'Adskillelse', yes],
    ['needAssembly', 'Samling', yes],
  ],
  fullload: [
    ['truckType', 'Lastbiltype', label(truckTypeLabels)],
    ['volume', 'Volumen', num('m³')],
    ['weight', 'Vægt', num('kg')],
    ['loadingEquipment', 'Læsseudstyr', text],
    ['needLoadingHelp', 'Hjælp til læsning', yes],
    ['needUnloadingHelp', 'Hjælp til aflæsning', yes],
    ['temperatureControlled', 'Temperaturstyret', yes],
    ['hazardousMaterials', 'Farligt gods', yes],
    ['pallets', 'Paller', pallets],
  ],
};

/** The type-specific facts that were given, formatted in Danish; fields left empty are left out. */
export function taskFacts(task: Pick<Task, 'type' | 'details'>): TaskFact[] {
  const details = (task.details ?? {}) as Details;
  return (FIELDS[task.type] ?? []).flatMap(([key, factLabel, format]) => {
    const value = format(details[key], details);
    return value ? [{ label: factLabel, value }] : [];
  });
}
