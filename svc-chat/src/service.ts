import { defineService } from '@fragtbud/platform';

/**
 * svc-chat owns chat messages and notifications (issue #5 on).
 * It starts, migrates and answers health now; its domain arrives with those issues.
 */
export const chatService = defineService({
  name: 'chat',
  migrations: [],
  routes: () => [],
});
