export { tasksService } from './service';
export { tasksConfigSchema, loadTasksConfig } from './config';
