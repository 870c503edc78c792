/*
 * A carrier's vehicle types and their one-line summary (issue 29) as plain values without zod, so the bid table can
 * show 'Kassevogn 12 m³ · lift' without the schema library.
 */

export const vehicleTypes = ['van', 'box_truck', 'truck', 'trailer', 'car'] as const;
export type VehicleType = (typeof vehicleTypes)[number];

export const vehicleTypeLabels: Record<VehicleType, string> = {
  van: 'Kassevogn',
  box_truck: 'Lastbil med kasse',
  truck: 'Lastbil',
  trailer: 'Sættevogn',
  car: 'Personbil',
};

const cubicMetres = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });

/** A vehicle in one line for the bid table: 'Kassevogn 12 m³ · lift'. */
export function vehicleSummary(vehicle: { type: VehicleType; capacityM3: number; tailLift: boolean }): string {
  return `${vehicleTypeLabels[vehicle.type]} ${cubicMetres.format(vehicle.capacityM3)} m³${vehicle.tailLift ? ' · lift' : ''}`;
}
