import { limits } from '@fragtbud/contracts';

/** Spec section 5. */
export const GEOLOCATION_MESSAGES = {
  failed: 'Kunne ikke hente lokation. Tjek tilladelser og prøv igen.',
  unsupported: 'Din browser understøtter ikke geolokation.',
} as const;

export interface ProofLocation {
  lat: number;
  lng: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

/** A failed position fetch; `message` is the Danish text to show. */
export class GeolocationFailure extends Error {
  readonly reason: 'unsupported' | 'failed';
  constructor(reason: 'unsupported' | 'failed') {
    super(GEOLOCATION_MESSAGES[reason]);
    this.name = 'GeolocationFailure';
    this.reason = reason;
  }
}

/**
 * The device's position for a proof: high accuracy, 10 s timeout (spec sections 5 and 9). Rejects with a
 * GeolocationFailure: 'Din browser understøtter ikke geolokation.' without the API, otherwise (denied, unavailable,
 * timeout) 'Kunne ikke hente lokation. Tjek tilladelser og prøv igen.'.
 */
export function getCurrentLocation(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<ProofLocation> {
  return new Promise((resolve, reject) => {
    if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
      reject(new GeolocationFailure('unsupported'));
      return;
    }
    try {
      geolocation.getCurrentPosition(
        (position) => {
          const { latitude, longitude, accuracy } = position.coords;
          if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
            reject(new GeolocationFailure('failed'));
            return;
          }
          resolve({ lat: latitude, lng: longitude, accuracy: Number.isFinite(accuracy) ? Math.max(0, accuracy) : 0 });
        },
        () => reject(new GeolocationFailure('failed')),
        { enableHighAccuracy: true, timeout: limits.geolocationTimeoutMs, maximumAge: 0 },
      );
    } catch {
      reject(new GeolocationFailure('failed'));
    }
  });
}
