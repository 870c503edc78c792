import { defineService, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import type { ChatConfig } from './config';
import type { ChatContext } from './context';
import { notificationConsumers } from './notifications/consumers';
import { notificationsRouter } from './notifications/routes';

const contextOf = (deps: ServiceDeps<ChatConfig>): ChatContext => ({
  db: deps.db,
  logger: deps.logger,
  config: deps.config,
});

/**
 * svc-chat: notifications (rows created from task events; each user reads and marks only their own). Chat
 * messages, threads and the event stream arrive with their issue as `src/messages/`, beside `src/notifications/`.
 */
export const chatService = defineService<ChatConfig>({
  name: 'chat',
  migrations,
  routes: (deps) => [notificationsRouter(contextOf(deps))],
  consumers: (deps) => notificationConsumers(contextOf(deps)),
});
