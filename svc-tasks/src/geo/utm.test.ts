import { describe, expect, it } from 'vitest';
import { utm32ToLatLng } from './utm';

/** The forward projection (Krüger series), only to check the inverse by a round trip. */
function latLngToUtm32(lat: number, lng: number): { x: number; y: number } {
  const a = 6_378_137;
  const f = 1 / 298.257222101;
  const n = f / (2 - f);
  const A = (a / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64);
  const alpha = [n / 2 - (2 * n ** 2) / 3 + (5 * n ** 3) / 16, (13 * n ** 2) / 48 - (3 * n ** 3) / 5, (61 * n ** 3) / 240];
  const phi = (lat * Math.PI) / 180;
  const dLambda = ((lng - 9) * Math.PI) / 180;
  const c = (2 * Math.sqrt(n)) / (1 + n);
  const t = Math.sinh(Math.atanh(Math.sin(phi)) - c * Math.atanh(c * Math.sin(phi)));
  const xiP = Math.atan2(t, Math.cos(dLambda));
  const etaP = Math.atanh(Math.sin(dLambda) / Math.sqrt(1 + t * t));
  let xi = xiP;
  let eta = etaP;
  alpha.forEach((al, i) => {
    const j = i + 1;
    xi += al * Math.sin(2 * j * xiP) * Math.cosh(2 * j * etaP);
    eta += al * Math.cos(2 * j * xiP) * Math.sinh(2 * j * etaP);
  });
  return { x: 500_000 + 0.9996 * A * eta, y: 0.9996 * A * xi };
}

describe('utm32ToLatLng', () => {
  it('when given an access point near Vejle, then it matches the published conversion', () => {
    const { lat, lng } = utm32ToLatLng(522611.35, 6168110.08);
    expect(lat).toBeCloseTo(55.65831, 5);
    expect(lng).toBeCloseTo(9.359385, 5);
  });

  it.each([
    ['Skagen', 57.7209, 10.5839],
    ['Gedser', 54.5746, 11.9266],
    ['Esbjerg', 55.4765, 8.4594],
    ['Rønne (far from the zone centre)', 55.1009, 14.7066],
    ['Christiansø', 55.3205, 15.1863],
  ])('when converting back a point at %s, then the round trip is exact to centimetres', (_, lat, lng) => {
    const { x, y } = latLngToUtm32(lat, lng);
    const back = utm32ToLatLng(x, y);
    expect(Math.abs(back.lat - lat)).toBeLessThan(1e-7);
    expect(Math.abs(back.lng - lng)).toBeLessThan(1e-7);
  });
});
