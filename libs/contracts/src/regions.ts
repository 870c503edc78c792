/*
 * Denmark's five regions and the one table that derives a region from a postal code (issue 29: load alerts, a
 * carrier's coverage). Plain values without zod, so a page that shows region names loads no schema library.
 *
 * Postal codes do not follow municipal borders exactly; a code that spans two regions goes to the region most of its
 * addresses lie in. The blocks below give each thousand its region; the exceptions before them are the codes that
 * lie in another region than their block (Bornholm's 37xx, the Greve/Solrød codes south of København, Skibby,
 * Ringkøbing-Skjern's 69xx, Hedensted's 71xx, Thy and Mors' 77xx/79xx, Viborg's Møldrup). Tested in regions.test.ts.
 */

export const regions = ['hovedstaden', 'sjaelland', 'syddanmark', 'midtjylland', 'nordjylland'] as const;
export type Region = (typeof regions)[number];

export const regionLabels: Record<Region, string> = {
  hovedstaden: 'Hovedstaden',
  sjaelland: 'Sjælland',
  syddanmark: 'Syddanmark',
  midtjylland: 'Midtjylland',
  nordjylland: 'Nordjylland',
};

/** [first, last, region], inclusive; the first row that holds a code decides, so exceptions stand first. */
export const postalCodeRegionTable: ReadonlyArray<readonly [number, number, Region]> = [
  // Exceptions to the blocks below.
  [2670, 2690, 'sjaelland'], // Greve, Solrød Strand, Karlslunde
  [3700, 3790, 'hovedstaden'], // Bornholm
  [4050, 4050, 'hovedstaden'], // Skibby (Frederikssund)
  [6880, 6893, 'midtjylland'], // Tarm, Hemmet (Ringkøbing-Skjern)
  [6900, 6999, 'midtjylland'], // Skjern, Videbæk, Ringkøbing, Hvide Sande, Ulfborg …
  [7130, 7171, 'midtjylland'], // Juelsminde, Stouby, Barrit, Tørring, Uldum (Hedensted)
  [7280, 7280, 'midtjylland'], // Sønder Felding (Herning)
  [7330, 7362, 'midtjylland'], // Brande, Ejstrupholm, Hampen (Ikast-Brande)
  [7700, 7770, 'nordjylland'], // Thisted, Hanstholm, Hurup Thy … (Thy)
  [7900, 7990, 'nordjylland'], // Nykøbing M and Mors
  [9632, 9632, 'midtjylland'], // Møldrup (Viborg)
  // The blocks.
  [1000, 2999, 'hovedstaden'], // København, Frederiksberg and the western suburbs
  [3000, 3799, 'hovedstaden'], // Nordsjælland (and the rest of Bornholm's 37xx)
  [4000, 4999, 'sjaelland'],
  [5000, 5999, 'syddanmark'], // Fyn
  [6000, 6999, 'syddanmark'], // Sønderjylland and Sydvestjylland
  [7000, 7299, 'syddanmark'], // Fredericia, Vejle, Billund, Grindsted
  [7300, 7329, 'syddanmark'], // Jelling, Gadbjerg, Give
  [7330, 7999, 'midtjylland'], // Brande, Herning, Holstebro, Skive …
  [8000, 8999, 'midtjylland'], // Aarhus, Randers, Silkeborg, Viborg …
  [9000, 9999, 'nordjylland'],
];

/**
 * The region of a Danish postal code ('8000', ' 3700 ', 7100); null when it is not four digits or not in one of the
 * regions (38xx–39xx are the Faroe Islands' and Greenland's).
 */
export function regionOfPostalCode(postalCode: string | number | null | undefined): Region | null {
  if (postalCode === null || postalCode === undefined) return null;
  const text = String(postalCode).trim();
  if (!/^\d{4}$/.test(text)) return null;
  const code = Number(text);
  for (const [first, last, region] of postalCodeRegionTable) {
    if (code >= first && code <= last) return region;
  }
  return null;
}
