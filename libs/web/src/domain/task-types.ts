import { taskTypeLabels, taskTypes, type TaskType } from '@fragtbud/contracts';

export type { TaskType };

export interface TaskTypeInfo {
  type: TaskType;
  label: string;
  description: string;
}

const DESCRIPTIONS: Record<TaskType, string> = {
  moving: 'Hele hjemmet eller enkelte værelser – med eller uden nedpakning.',
  courier: 'Hurtig levering af pakker og dokumenter, også samme dag.',
  package: 'Paller, kasser og gods – sikkert fra dør til dør.',
  furniture: 'Sofaer, borde og skabe – med hjælp til bæring og montering.',
  fullload: 'Hele lastbiler til større mængder gods og erhvervstransport.',
};

/** The five task types of spec section 1, in the order the product shows them. */
export const TASK_TYPES: readonly TaskTypeInfo[] = taskTypes.map((type) => ({
  type,
  label: taskTypeLabels[type],
  description: DESCRIPTIONS[type],
}));

export function isTaskType(value: unknown): value is TaskType {
  return typeof value === 'string' && (taskTypes as readonly string[]).includes(value);
}

export function taskTypeLabel(type: string): string {
  return isTaskType(type) ? taskTypeLabels[type] : type;
}
