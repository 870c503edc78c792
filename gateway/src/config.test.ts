import { describe, expect, it } from 'vitest';
import { loadGatewayConfig, mapOriginsOf, mapSettingsOf } from './config';
import { contentSecurityPolicyFor } from './security-headers';

describe('gateway config', () => {
  it('when nothing says otherwise, then no proxy is trusted', () => {
    expect(loadGatewayConfig({}).TRUST_PROXY_HOPS).toBe(0);
    expect(loadGatewayConfig({ TRUST_PROXY_HOPS: '1' }).TRUST_PROXY_HOPS).toBe(1);
  });

  it('when the hop count is not a small whole number, then the gateway refuses to start', () => {
    for (const value of ['-1', 'true', '1.5', '11']) {
      expect(() => loadGatewayConfig({ TRUST_PROXY_HOPS: value }), value).toThrow(/TRUST_PROXY_HOPS/);
    }
  });

  it('when the old TRUST_PROXY boolean is still set, then the gateway refuses to start and names its replacement', () => {
    expect(() => loadGatewayConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY_HOPS/);
    expect(loadGatewayConfig({ TRUST_PROXY: '' }).TRUST_PROXY_HOPS).toBe(0);
  });

  it('when the company keys are set, then GET /api/site has them; a CVR that is not 8 digits refuses to start', () => {
    expect(loadGatewayConfig({})).toMatchObject({ SITE_COMPANY_NAME: 'Fragtbud', SITE_EMAIL: 'kontakt@fragtbud.dk' }); // /contact has a way to write
    const config = loadGatewayConfig({ SITE_COMPANY_NAME: 'Fragtbud ApS', SITE_CVR: '12345678', SITE_ADDRESS: 'Vestergade 1, 8000 Aarhus C' });
    expect(config).toMatchObject({ SITE_COMPANY_NAME: 'Fragtbud ApS', SITE_CVR: '12345678', SITE_ADDRESS: 'Vestergade 1, 8000 Aarhus C' });
    expect(() => loadGatewayConfig({ SITE_CVR: '1234' })).toThrow(/SITE_CVR/);
  });
});

describe('map settings', () => {
  it('when no map style is set, then /api/site says no map and the CSP allows no map origin', () => {
    const config = loadGatewayConfig({ ROUTING_URL: 'https://router.example' });
    expect(mapSettingsOf(config)).toBeNull();
    expect(mapOriginsOf(config)).toEqual([]);
    // Only our own service worker and web manifest (the installable app); no blob: worker without a map.
    expect(contentSecurityPolicyFor(mapOriginsOf(config))).toContain("worker-src 'self';");
    expect(contentSecurityPolicyFor(mapOriginsOf(config))).toContain("manifest-src 'self'");
    expect(contentSecurityPolicyFor(mapOriginsOf(config))).not.toContain('blob:;');
  });

  it('when style, routing and extra origins are set, then the browser gets the two URLs and the CSP allows their origins', () => {
    const config = loadGatewayConfig({
      MAP_STYLE_URL: 'https://tiles.example/styles/osm/style.json',
      ROUTING_URL: 'https://router.example:8443/osrm',
      MAP_EXTRA_ORIGINS: 'https://a.tiles.example/x, https://fonts.example',
    });
    expect(mapSettingsOf(config)).toEqual({ styleUrl: 'https://tiles.example/styles/osm/style.json', routingUrl: 'https://router.example:8443/osrm' });
    expect(mapOriginsOf(config)).toEqual(['https://tiles.example', 'https://router.example:8443', 'https://a.tiles.example', 'https://fonts.example']);
    const policy = contentSecurityPolicyFor(mapOriginsOf(config));
    expect(policy).toContain("connect-src 'self' https://api.stripe.com https://tiles.example https://router.example:8443");
    expect(policy).toContain("worker-src 'self' blob:");
  });

  it('when a map address is blank, then it counts as unset; when it is not http(s), then the gateway refuses to start', () => {
    expect(mapSettingsOf(loadGatewayConfig({ MAP_STYLE_URL: ' ', ROUTING_URL: '' }))).toBeNull();
    expect(() => loadGatewayConfig({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadGatewayConfig({ MAP_STYLE_URL: 'https://x.example/s.json', MAP_EXTRA_ORIGINS: 'ftp://x' })).toThrow(/MAP_EXTRA_ORIGINS/);
  });
});
