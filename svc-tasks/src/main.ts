import { loadConfigOrExit, runStandalone } from '@fragtbud/platform';
import { loadTasksConfig } from './config';
import { tasksService } from './service';

await runStandalone(tasksService, loadConfigOrExit('svc-tasks', () => loadTasksConfig()));
