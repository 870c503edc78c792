import type { CompanyLookup } from '@fragtbud/contracts';

/**
 * `CVR_PROVIDER=local` (the `npm start` default): a handful of well-known Danish companies, by their public CVR
 * numbers as the Central Business Register (cvr.dk) lists them, so the billing form's lookup and the carrier's 'CVR
 * verificeret' can be tried without credentials or network. A snapshot, not kept up to date: only for trying the
 * flow. Any other valid number is not found (404), as a real register answers for a number nobody holds.
 */
const companies: ReadonlyArray<Omit<CompanyLookup, 'status'>> = [
  { cvrNumber: '24256790', name: 'Novo Nordisk A/S', address: 'Novo Allé 1', postalCode: '2880', city: 'Bagsværd' },
  { cvrNumber: '22756214', name: 'A.P. Møller - Mærsk A/S', address: 'Esplanaden 50', postalCode: '1263', city: 'København K' },
  { cvrNumber: '61056416', name: 'Carlsberg A/S', address: 'J.C. Jacobsens Gade 1', postalCode: '1799', city: 'København V' },
  { cvrNumber: '61126228', name: 'Danske Bank A/S', address: 'Bernstorffsgade 40', postalCode: '1577', city: 'København V' },
  { cvrNumber: '54562519', name: 'LEGO A/S', address: 'Åstvej 1', postalCode: '7190', city: 'Billund' },
  { cvrNumber: '58233528', name: 'DSV A/S', address: 'Hovedgaden 630', postalCode: '2640', city: 'Hedehusene' },
  { cvrNumber: '10403782', name: 'Vestas Wind Systems A/S', address: 'Hedeager 42', postalCode: '8200', city: 'Aarhus N' },
  { cvrNumber: '14194711', name: 'DFDS A/S', address: 'Marmorvej 18', postalCode: '2100', city: 'København Ø' },
  { cvrNumber: '36213728', name: 'Ørsted A/S', address: 'Kraftværksvej 53', postalCode: '7000', city: 'Fredericia' },
  { cvrNumber: '28505116', name: 'Pandora A/S', address: 'Havneholmen 17-19', postalCode: '1561', city: 'København V' },
];

const byNumber = new Map(companies.map((company) => [company.cvrNumber, { ...company, status: 'Aktiv' } satisfies CompanyLookup]));

/** The numbers the local register knows (README, tests). */
export const localRegisterNumbers: readonly string[] = companies.map((company) => company.cvrNumber);

export function lookUpLocally(cvr: string): CompanyLookup | null {
  return byNumber.get(cvr) ?? null;
}
