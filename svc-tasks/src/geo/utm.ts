/**
 * ETRS89 / UTM zone 32N (EPSG:25832, what the Danish address register gives) to latitude/longitude in degrees.
 * Krüger's series on the GRS80 ellipsoid (Karney 2011), accurate to well under a metre across Denmark;
 * ETRS89 and WGS84 differ by less than a metre, which is nothing for an address on a map.
 */
const a = 6_378_137;
const f = 1 / 298.257222101;
const k0 = 0.9996;
const falseEasting = 500_000;
const centralMeridian = (9 * Math.PI) / 180;

const n = f / (2 - f);
const rectifyingRadius = (a / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64);
const beta = [n / 2 - (2 * n ** 2) / 3 + (37 * n ** 3) / 96, n ** 2 / 48 + n ** 3 / 15, (17 * n ** 3) / 480];
const delta = [2 * n - (2 * n ** 2) / 3 - 2 * n ** 3, (7 * n ** 2) / 3 - (8 * n ** 3) / 5, (56 * n ** 3) / 15];

export function utm32ToLatLng(easting: number, northing: number): { lat: number; lng: number } {
  const xi = northing / (k0 * rectifyingRadius);
  const eta = (easting - falseEasting) / (k0 * rectifyingRadius);
  let xiPrime = xi;
  let etaPrime = eta;
  for (let j = 1; j <= 3; j += 1) {
    const b = beta[j - 1] as number;
    xiPrime -= b * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    etaPrime -= b * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  const chi = Math.asin(Math.sin(xiPrime) / Math.cosh(etaPrime));
  let phi = chi;
  for (let j = 1; j <= 3; j += 1) phi += (delta[j - 1] as number) * Math.sin(2 * j * chi);
  const lambda = centralMeridian + Math.atan2(Math.sinh(etaPrime), Math.cos(xiPrime));
  return { lat: (phi * 180) / Math.PI, lng: (lambda * 180) / Math.PI };
}
