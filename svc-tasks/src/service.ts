import { defineService } from '@fragtbud/platform';

/**
 * svc-tasks owns tasks, their status machine, photos, proofs, freight notes, deletion requests and ratings (issue #3 on).
 * It starts, migrates and answers health now; its domain arrives with those issues.
 */
export const tasksService = defineService({
  name: 'tasks',
  migrations: [],
  routes: () => [],
});
