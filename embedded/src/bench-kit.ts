/** What the benchmarks need from the services themselves (bench may import only this composition package). */
export { tasksService, seedTasks, createAlertIndex, type SeedTasksOptions } from '@fragtbud/svc-tasks';
