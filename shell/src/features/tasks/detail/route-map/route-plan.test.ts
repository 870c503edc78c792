import { describe, expect, it } from 'vitest';
import { chooseRouteView, storedEndsOf } from './route-plan';

const settings = { styleUrl: 'https://tiles.example/style.json', routingUrl: 'https://router.example' };
const from = { lat: 56.1629, lng: 10.2039 };
const to = { lat: 55.6761, lng: 12.5683 };

describe('chooseRouteView: the map or the offline drawing', () => {
  it('when no map service is configured, then the drawing', () => {
    expect(chooseRouteView(null, { from, to }, true)).toEqual({ kind: 'drawing', reason: 'not-configured' });
    expect(chooseRouteView({ styleUrl: '', routingUrl: null }, { from, to }, true)).toEqual({ kind: 'drawing', reason: 'not-configured' });
  });

  it('when a stop has no coordinates (or impossible ones), then the drawing', () => {
    expect(chooseRouteView(settings, { from, to: null }, true)).toEqual({ kind: 'drawing', reason: 'no-coordinates' });
    expect(chooseRouteView(settings, { from: null, to }, true)).toEqual({ kind: 'drawing', reason: 'no-coordinates' });
    expect(chooseRouteView(settings, { from: { lat: 95, lng: 10 }, to }, true)).toEqual({ kind: 'drawing', reason: 'no-coordinates' });
    expect(chooseRouteView(settings, { from: { lat: Number.NaN, lng: 10 }, to }, true)).toEqual({ kind: 'drawing', reason: 'no-coordinates' });
  });

  it('when the browser has no WebGL, then the drawing', () => {
    expect(chooseRouteView(settings, { from, to }, false)).toEqual({ kind: 'drawing', reason: 'no-webgl' });
  });

  it('when a style is configured, both stops are placed and WebGL works, then the map, with or without a router', () => {
    expect(chooseRouteView(settings, { from, to }, true)).toEqual({ kind: 'map', styleUrl: settings.styleUrl, routingUrl: settings.routingUrl, from, to });
    expect(chooseRouteView({ ...settings, routingUrl: null }, { from, to }, true)).toMatchObject({ kind: 'map', routingUrl: null });
  });
});

describe('storedEndsOf', () => {
  it('when the task kept the suggestion’s coordinates, then they place the stops; anything else is no place', () => {
    expect(storedEndsOf({ details: { fromLat: 56.1629, fromLng: 10.2039, toLat: 55.6761, toLng: 12.5683 } })).toEqual({ from, to });
    expect(storedEndsOf({ details: { fromLat: 56.1629, toLat: '55.6', toLng: 12.5 } })).toEqual({ from: null, to: null });
    expect(storedEndsOf({ details: {} })).toEqual({ from: null, to: null });
  });
});
