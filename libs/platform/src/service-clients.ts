import type { BaseConfig } from './config';
import { createServiceClient, type ServiceClient } from './service-client';

/** The clients a service uses to call others; `get('identity')` calls the URL in config `IDENTITY_URL`. */
export interface ServiceClients {
  get(name: string): ServiceClient;
}

export function serviceClients(
  config: BaseConfig,
  caller: string,
  given: Record<string, ServiceClient> = {},
): ServiceClients {
  const created = new Map<string, ServiceClient>(Object.entries(given));
  return {
    get(name) {
      const existing = created.get(name);
      if (existing) return existing;
      const client = createServiceClient({
        baseUrl: urlFor(config, name),
        name,
        secret: config.INTERNAL_TOKEN_SECRET,
        caller,
      });
      created.set(name, client);
      return client;
    },
  };
}

function urlFor(config: BaseConfig, name: string): string {
  const key = `${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;
  const url = (config as Record<string, unknown>)[key];
  if (typeof url !== 'string' || url === '') throw new Error(`No URL for service ${name}: set ${key} in the config`);
  return url;
}
