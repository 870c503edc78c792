import { defineService, userDirectoryConsumer, type ServiceDeps } from '@fragtbud/platform';
import { migrations } from '../migrations';
import type { ChatConfig } from './config';
import type { ChatContext } from './context';
import { notificationConsumers } from './notifications/consumers';
import { internalAccountRouter } from './account/routes';
import { chatRouter } from './messages/routes';
import { notificationsRouter } from './notifications/routes';
import { taskFactConsumers } from './task-facts/consumers';

export const contextOf = (deps: ServiceDeps<ChatConfig>): ChatContext => ({
  db: deps.db,
  logger: deps.logger,
  config: deps.config,
  outbox: deps.outbox,
  clients: deps.clients,
});

/**
 * svc-chat: chat messages under the lock rules of spec 6 (`messages/`), the task and bid facts those rules need,
 * projected from events (`task-facts/`), notifications (`notifications/`), and the per-user live events every
 * gateway streams to browsers (`live/`).
 */
export const chatService = defineService<ChatConfig>({
  name: 'chat',
  migrations,
  routes: (deps) => [chatRouter(contextOf(deps)), notificationsRouter(contextOf(deps)), internalAccountRouter(contextOf(deps))],
  consumers: (deps) => [...taskFactConsumers(contextOf(deps)), ...notificationConsumers(contextOf(deps)), userDirectoryConsumer()],
});
