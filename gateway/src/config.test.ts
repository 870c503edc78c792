import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config';

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
    expect(loadGatewayConfig({}).SITE_COMPANY_NAME).toBe('Fragtbud');
    const config = loadGatewayConfig({ SITE_COMPANY_NAME: 'Fragtbud ApS', SITE_CVR: '12345678', SITE_ADDRESS: 'Vestergade 1, 8000 Aarhus C' });
    expect(config).toMatchObject({ SITE_COMPANY_NAME: 'Fragtbud ApS', SITE_CVR: '12345678', SITE_ADDRESS: 'Vestergade 1, 8000 Aarhus C' });
    expect(() => loadGatewayConfig({ SITE_CVR: '1234' })).toThrow(/SITE_CVR/);
  });
});
