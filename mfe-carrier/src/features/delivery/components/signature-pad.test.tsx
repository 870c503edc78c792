import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GeolocationFailure, getCurrentLocation } from '../model/geolocation';
import { SignaturePad } from './signature-pad';

function geolocation(run: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null, _options?: PositionOptions) => run(success, failure!));
  return { geo: { getCurrentPosition } as unknown as Geolocation, getCurrentPosition };
}

describe('getCurrentLocation', () => {
  it('asks for a high-accuracy fix within 10 s and answers lat, lng and accuracy', async () => {
    const { geo, getCurrentPosition } = geolocation((success) => success({ coords: { latitude: 56.1, longitude: 10.2, accuracy: 8 } } as GeolocationPosition));
    await expect(getCurrentLocation(geo)).resolves.toEqual({ lat: 56.1, lng: 10.2, accuracy: 8 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true, timeout: 10_000 });
  });

  it('a refusal or timeout is "Kunne ikke hente lokation. Tjek tilladelser og prøv igen."', async () => {
    const { geo } = geolocation((_success, failure) => failure({ code: 3, message: 'Timeout expired' } as GeolocationPositionError));
    const error = await getCurrentLocation(geo).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(GeolocationFailure);
    expect((error as Error).message).toBe('Kunne ikke hente lokation. Tjek tilladelser og prøv igen.');
  });

  it('no geolocation API is "Din browser understøtter ikke geolokation."', async () => {
    await expect(getCurrentLocation(undefined)).rejects.toMatchObject({ reason: 'unsupported', message: 'Din browser understøtter ikke geolokation.' });
  });
});

describe('SignaturePad', () => {
  it('is 500 × 150, reports a stroke as signed and "Ryd underskrift" empties it (without a canvas context)', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} />);
    const pad = screen.getByRole('img', { name: /Underskrift/ }) as HTMLCanvasElement;
    expect([pad.width, pad.height]).toEqual([500, 150]);
    const clear = screen.getByRole('button', { name: 'Ryd underskrift' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);

    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 5, clientY: 5 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 50, clientY: 20 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(clear.disabled).toBe(false);

    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(pad.getAttribute('aria-label')).toBe('Underskrift: tegn med mus eller finger');
  });

  it("makes 'Ryd underskrift' a 40 px touch target, as the signature itself is drawn with a finger", () => {
    // jsdom lays nothing out: the rule is read from the style sheet.
    const css = readFileSync(resolve(import.meta.dirname, 'proof.css'), 'utf8');
    expect(css.match(/\.fb-signature__clear \{[^}]*\}/)?.[0]).toMatch(/min-height: 40px;/);
  });
});
