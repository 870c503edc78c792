import type { RequestHandler } from 'msw';
import { setupApiServer } from '@fragtbud/web/testing';
import { noChatThreads, noNotifications, noOidcLinks, oidcDisabled, siteDetails } from './handlers';

/** libs/web's msw server plus the answers every shell page needs (notification bar, chat count, the login's OIDC check), given last. */
export const setupShellApiServer = (...handlers: RequestHandler[]) =>
  setupApiServer(...handlers, noNotifications, noChatThreads, oidcDisabled, noOidcLinks, siteDetails);
