import Router from '@koa/router';
import { geoSuggestQuerySchema } from '@fragtbud/contracts';
import { parseQuery, type BaseConfig, type Logger } from '@fragtbud/platform';
import type { GeoConfig } from './config';
import { createDataforsyningenProvider } from './dataforsyningen';
import type { AddressProvider } from './provider';
import { createAddressSuggester } from './service';

/** What the router needs of the platform's ServiceDeps. */
export interface GeoDeps {
  logger: Logger;
  config: BaseConfig & GeoConfig;
}

export interface GeoRouterOptions {
  /** Instead of the provider GEO_PROVIDER names (tests). */
  provider?: AddressProvider | null;
}

export function providerFromConfig(config: GeoConfig): AddressProvider | null {
  switch (config.GEO_PROVIDER) {
    case 'dataforsyningen':
      return createDataforsyningenProvider({ baseUrl: config.GEO_BASE_URL, token: config.GEO_TOKEN });
    case 'none':
      return null;
  }
}

/** GET /geo/suggest?q= — for anyone, logged in or not. */
export function geoRouter(deps: GeoDeps, options: GeoRouterOptions = {}): Router {
  const suggester = createAddressSuggester({
    provider: options.provider !== undefined ? options.provider : providerFromConfig(deps.config),
    timeoutMs: deps.config.GEO_TIMEOUT_MS,
    logger: deps.logger,
  });
  const router = new Router();

  router.get('/geo/suggest', async (ctx) => {
    const { q } = parseQuery(ctx, geoSuggestQuerySchema);
    ctx.body = { items: await suggester.suggest(q, ctx.state.log) };
  });

  return router;
}
