export { tasksService, createTasksService, type TasksServiceOptions } from './service';
export { tasksConfigSchema, loadTasksConfig } from './config';
export { seedTasks, type SeedTasksOptions } from './tasks/seed';
export { createAlertIndex } from './alerts';
