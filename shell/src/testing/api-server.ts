import type { RequestHandler } from 'msw';
import { setupApiServer } from '@fragtbud/web/testing';
import { noNotifications } from './handlers';

/** libs/web's msw server plus the answers every shell page needs (the notification bar's poll), given last. */
export const setupShellApiServer = (...handlers: RequestHandler[]) => setupApiServer(...handlers, noNotifications);
