export type TaskType = 'moving' | 'courier' | 'package' | 'furniture' | 'fullload';

export interface TaskTypeInfo {
  type: TaskType;
  label: string;
  description: string;
}

/** The five task types of spec section 1, in the order the product shows them. */
export const TASK_TYPES: readonly TaskTypeInfo[] = [
  { type: 'moving', label: 'Flytning', description: 'Hele hjemmet eller enkelte værelser – med eller uden nedpakning.' },
  { type: 'courier', label: 'Kurertransport', description: 'Hurtig levering af pakker og dokumenter, også samme dag.' },
  { type: 'package', label: 'Palle og pakker', description: 'Paller, kasser og gods – sikkert fra dør til dør.' },
  { type: 'furniture', label: 'Møbeltransport', description: 'Sofaer, borde og skabe – med hjælp til bæring og montering.' },
  { type: 'fullload', label: 'Fulloads', description: 'Hele lastbiler til større mængder gods og erhvervstransport.' },
];

export function isTaskType(value: unknown): value is TaskType {
  return typeof value === 'string' && TASK_TYPES.some((t) => t.type === value);
}

export function taskTypeLabel(type: string): string {
  return TASK_TYPES.find((t) => t.type === type)?.label ?? type;
}
