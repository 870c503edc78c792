import type { Server } from 'node:http';
import path from 'node:path';
import Koa, { type Context, type Middleware } from 'koa';
import compress from 'koa-compress';
import { sessionHintCookieName, type AuthUser } from '@fragtbud/contracts';
import { closeServerGracefully, defaultBodyLimit, domainError, errorHandler, type EventBus, type Logger, readAfterHeader, requestContext, sessionTokenOf, setSessionHintCookie, signInternalToken, writtenEventsHeader } from '@fragtbud/platform';
import { accountEndpoints } from './account';
import { apiDocs } from './api-docs';
import { mapOriginsOf, mapSettingsOf, remotesDirOf, type GatewayConfig } from './config';
import { clientAddressOf } from './client-address';
import { answerClientErrors } from './client-errors';
import { assertSameOrigin } from './csrf';
import { checkHealth } from './health';
import { createLiveEvents } from './live-events';
import { buildOpenApiDocument } from './openapi';
import { createForwarder, type InProcessService } from './proxy';
import { probes } from './probes';
import { createPublicCache } from './public-cache';
import { createRecentWrites } from './recent-writes';
import { createRemoteReleases } from './remote-releases';
import { rateLimit } from './rate-limit';
import { requirePlainPath } from './request-path';
import { securityHeaderValues, securityHeaders } from './security-headers';
import { createSessionResolver } from './sessions';
import { sendFile } from './static-files';
import { ownerOf, upstreamUrls, type UpstreamName } from './upstreams';

/** The longest a session lives (svc-identity's SESSION_ABSOLUTE_DAYS default). */
const hintMaxAgeSeconds = 30 * 24 * 60 * 60;
const remoteFolders = new Set(['mfe-customer', 'mfe-carrier', 'mfe-admin']);
const clientGoneCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);
/** Answers that change who is logged in, or may end other people's sessions. */
const sessionChangingPath = /^\/(auth\/logout|auth\/sessions(\/\d+)?|users\/\d+|admin\/users\/\d+\/(block|unblock|reject))$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export interface GatewayOptions {
  config: GatewayConfig;
  logger: Logger;
  /** Where live events come from: the embedded in-process bus; else one is created from NATS_URL. */
  bus?: EventBus;
  /** Services running in the gateway's own process (embedded): API calls are handed to them without a socket. */
  inProcess?: Partial<Record<UpstreamName, InProcessService>>;
}

export interface RunningGateway {
  app: Koa;
  listen(): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

export function createGateway({ config, logger, bus, inProcess }: GatewayOptions): RunningGateway {
  const upstreams = upstreamUrls(config);
  const sessions = createSessionResolver({
    identityUrl: config.IDENTITY_URL,
    secret: config.INTERNAL_TOKEN_SECRET,
    cacheMs: config.SESSION_CACHE_MS,
  });
  const openApiDocument = buildOpenApiDocument();
  // The built-in remotes (built with the shell, or where REMOTE_MFE_*_URL say), replaced per remote by what
  // `npm run remote:publish` released into REMOTES_DIR.
  const remoteReleases = createRemoteReleases({
    dir: remotesDirOf(config),
    builtIn: {
      mfe_customer: config.REMOTE_MFE_CUSTOMER_URL,
      mfe_carrier: config.REMOTE_MFE_CARRIER_URL,
      mfe_admin: config.REMOTE_MFE_ADMIN_URL,
    },
    checkMs: config.REMOTES_CHECK_MS,
    logger,
  });
  const staticRoot = path.resolve(config.STATIC_ROOT);
  const shellDist = path.join(staticRoot, 'shell', 'dist');
  const limitRate = rateLimit({ perMinute: config.API_RATE_LIMIT_PER_MINUTE });
  const live = createLiveEvents({ config, logger, sessions, bus, rateLimit: limitRate });
  const forwarder = createForwarder();
  const recentWrites = createRecentWrites();
  const publicCache = createPublicCache({ maxMs: config.PUBLIC_CACHE_MS });

  const gatewayEndpoints: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    switch (ctx.path) {
      case '/api/health': {
        const report = await checkHealth(upstreams, config.INTERNAL_TOKEN_SECRET);
        ctx.status = report.status === 'down' ? 503 : 200;
        ctx.body = report;
        return;
      }
      case '/api/openapi.json':
        ctx.body = openApiDocument;
        return;
      case '/api/docs':
      case '/api/docs/':
        ctx.type = 'html';
        ctx.body = apiDocs.page;
        return;
      case '/api/docs/init.js':
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.body = apiDocs.initializer;
        return;
      case '/api/site':
        ctx.set('Cache-Control', 'public, max-age=300');
        ctx.body = {
          companyName: config.SITE_COMPANY_NAME,
          cvr: config.SITE_CVR ?? null,
          address: config.SITE_ADDRESS ?? null,
          email: config.SITE_EMAIL ?? null,
          phone: config.SITE_PHONE ?? null,
          map: mapSettingsOf(config),
        };
        return;
      case '/mf-manifest.json':
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = await remoteReleases.manifest();
        return;
    }
    const docsAsset = ctx.path.match(/^\/api\/docs\/([\w.-]+)$/)?.[1];
    if (docsAsset && apiDocs.assets.has(docsAsset) && (await sendFile(ctx, apiDocs.root, docsAsset))) return;
    return next();
  };

  const account = accountEndpoints({
    upstreams,
    secret: config.INTERNAL_TOKEN_SECRET,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    async callerOf(ctx) {
      await limitRate(ctx, async () => undefined);
      const { token, viaCookie } = sessionTokenOf(ctx);
      const user = token ? await resolveCaller(ctx, token) : null;
      if (user && viaCookie) assertSameOrigin(ctx);
      return user;
    },
    forgetAccountState: () => {
      sessions.forgetAll();
      publicCache.clear();
    },
  });

  const apiProxy: Middleware = async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    await limitRate(ctx, async () => undefined);
    const apiPath = ctx.path.slice('/api'.length) || '/';
    const owner = ownerOf(apiPath);
    if (!owner) throw domainError('not_found');
    // Refused here, before anything is forwarded, when the length says so: the services take JSON up to
    // `defaultBodyLimit`, uploads up to MAX_BODY_BYTES.
    const length = Number(ctx.get('content-length') || 0);
    if (length > config.MAX_BODY_BYTES || (length > defaultBodyLimit && ctx.request.is('application/json', '+json'))) {
      throw domainError('payload_too_large');
    }

    const { token, viaCookie } = sessionTokenOf(ctx);
    // Without a session the answer is the one everybody gets: shared while its owner allows (public-cache.ts).
    const anonymousRead = !token && ctx.method === 'GET';
    if (anonymousRead && publicCache.answer(ctx, ctx.url)) return;
    const user = token ? await resolveCaller(ctx, token) : null;
    if (user && viaCookie) assertSameOrigin(ctx);

    const isWrite = ctx.method !== 'GET' && ctx.method !== 'HEAD';
    // Read before the hop: once the body has been streamed to the service, the request no longer has its socket.
    const secure = ctx.protocol === 'https';
    try {
      await forwardToOwner(ctx, owner, apiPath, user);
    } finally {
      if (isWrite) publicCache.clear();
    }
    if (anonymousRead) publicCache.keep(ctx, ctx.url);
    if (user && viaCookie && !ctx.cookies.get(sessionHintCookieName)) giveSessionHint(ctx, secure);
    if (isWrite && ctx.status < 400 && sessionChangingPath.test(apiPath)) {
      if (apiPath === '/auth/logout' && token) sessions.forget(token);
      else sessions.forgetAll();
    }
  };

  async function forwardToOwner(ctx: Context, owner: UpstreamName, apiPath: string, user: AuthUser | null) {
    const readAfter = user ? recentWrites.readAfterFor(user.id) : undefined;
    await forwarder.forward(ctx, {
      target: upstreams[owner],
      inProcess: inProcess?.[owner],
      path: apiPath + (ctx.querystring ? `?${ctx.querystring}` : ''),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      extraHeaders: {
        // The browser's address travels signed in the token only; services never read X-Forwarded-For.
        'x-internal-token': await signInternalToken({
          secret: config.INTERNAL_TOKEN_SECRET,
          user,
          client: { ip: clientAddressOf(ctx), https: ctx.protocol === 'https' },
        }),
        'x-request-id': String(ctx.state.requestId ?? ''),
        'x-forwarded-proto': ctx.protocol,
        'x-forwarded-host': ctx.host,
        ...(readAfter ? { [readAfterHeader]: readAfter } : {}),
      },
    });
    // Internal: what the write recorded, kept for the writer's next requests, never shown to the browser.
    const written = ctx.response.get(writtenEventsHeader) || undefined;
    ctx.remove(writtenEventsHeader);
    if (user && written && ctx.status >= 200 && ctx.status < 300) recentWrites.remember(user.id, written);
  }

  /**
   * A browser holding a session from before the page's hint cookie existed gets the hint with its next API call,
   * unless the answer sets or clears it itself (login, logout). A hint that outlives its session costs one 401.
   */
  function giveSessionHint(ctx: Context, secure: boolean) {
    const cookies = ctx.response.get('set-cookie');
    const setCookies = Array.isArray(cookies) ? cookies : cookies ? [String(cookies)] : [];
    if (ctx.status >= 400 || setCookies.some((cookie) => cookie.startsWith(`${sessionHintCookieName}=`))) return;
    setSessionHintCookie(ctx, { maxAgeSeconds: hintMaxAgeSeconds, secure });
  }

  async function resolveCaller(ctx: Context, token: string) {
    try {
      return await sessions.resolve(token);
    } catch (error) {
      ctx.state.log?.warn({ err: error }, 'session lookup failed');
      throw domainError('service_unavailable');
    }
  }

  const frontEnds: Middleware = async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw domainError('not_found');
    }
    const remote = ctx.path.match(/^\/remotes\/([\w-]+)\/(.+)$/);
    if (remote) {
      const [, folder, file] = remote;
      // /remotes/<name>/<version>/… : a published version, immutable; anything else: the built-in build.
      const versioned = file?.match(/^([^/]+)\/(.+)$/);
      const versionDir = folder && versioned?.[1] && versioned[2] ? await remoteReleases.versionDir(folder, decodeSegment(versioned[1])) : null;
      if (versionDir && versioned?.[2] && (await sendFile(ctx, versionDir, versioned[2], { immutable: true }))) return;
      if (!versionDir && folder && file && remoteFolders.has(folder) && (await sendFile(ctx, path.join(staticRoot, folder, 'dist'), file))) return;
      ctx.status = 404;
      ctx.body = 'Ikke fundet';
      return;
    }
    if (ctx.path !== '/' && (await sendFile(ctx, shellDist, ctx.path))) return;
    if (path.extname(ctx.path) && ctx.path !== '/') {
      ctx.status = 404;
      ctx.body = 'Ikke fundet';
      return;
    }
    // A deep link: the shell's router decides what to show. The pages people land on have their own copy of
    // index.html with the top of the page already in it (shell/src/landing), painted before the scripts run.
    const route = ctx.path === '/' ? 'index' : /^\/[\w-]+$/.test(ctx.path) ? ctx.path.slice(1) : null;
    if ((route && (await sendFile(ctx, shellDist, `landing/${route}.html`))) || (await sendFile(ctx, shellDist, 'index.html'))) {
      ctx.set('Cache-Control', 'no-cache');
      return;
    }
    ctx.status = 503;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = 'Fragtbud er ikke bygget endnu: kør "npm run build" (npm start gør det selv).';
  };

  // With N trusted proxies in front, the client is the N-th X-Forwarded-For entry from the right (Koa's maxIpsCount);
  // anything left of it was written by the client and proves nothing.
  const app = new Koa({ proxy: config.TRUST_PROXY_HOPS > 0, maxIpsCount: config.TRUST_PROXY_HOPS });
  // A client that goes away while a streamed answer (a file, a compressed one) is being sent is no fault here.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (clientGoneCodes.has(error.code ?? '')) logger.debug({ err: error }, 'client went away during the answer');
    else logger.error({ err: error }, 'koa error');
  });
  // Set when close() starts: /readyz turns 503 so the load balancer stops sending while in-flight requests finish.
  let draining = false;
  const securityHeaderOptions = { hsts: config.HSTS, mapOrigins: mapOriginsOf(config), remoteOrigins: config.REMOTE_ORIGINS };
  app.use(securityHeaders(securityHeaderOptions));
  app.use(probes(() => draining));
  app.use(requestContext(logger));
  app.use(errorHandler(logger));
  // API answers and other text the build did not precompress, compressed for clients that accept it (above 1 KB;
  // a browse page of 20 tasks shrinks to about a fifth). Precompressed assets carry their Content-Encoding already.
  app.use(compress({ threshold: 1024 }));
  app.use(requirePlainPath());
  app.use(gatewayEndpoints);
  app.use(live.middleware);
  app.use(account);
  app.use(apiProxy);
  app.use(frontEnds);

  let server: Server | undefined;
  return {
    app,
    listen: async () => {
      await live.start();
      return new Promise((resolve, reject) => {
        const listening = app.listen(config.PORT, config.HOST);
        answerClientErrors(listening, securityHeaderValues(securityHeaderOptions));
        server = listening;
        listening.once('error', reject);
        listening.once('listening', () => {
          const address = listening.address();
          const port = typeof address === 'object' && address ? address.port : config.PORT;
          resolve({ port, url: `http://${config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${port}` });
        });
      });
    },
    // Live streams end first; then in-flight requests finish (whatever is still open after 5 s is cut).
    close: async () => {
      draining = true;
      await live.close();
      if (server) await closeServerGracefully(server);
      await forwarder.close();
    },
  };
}
