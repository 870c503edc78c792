export { tasksService, createTasksService, type TasksServiceOptions } from './service';
export { tasksConfigSchema, loadTasksConfig } from './config';
