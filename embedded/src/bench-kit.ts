/** What the benchmarks need from the services themselves (bench may import only this composition package). */
export { tasksService, seedTasks, type SeedTasksOptions } from '@fragtbud/svc-tasks';
