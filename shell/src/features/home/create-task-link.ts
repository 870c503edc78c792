import type { TaskType } from '@fragtbud/web';

/** Choosing a type: signed-in users go straight to the form, visitors start as guests (spec section 2). */
export function createTaskLink(type: TaskType, signedIn: boolean): string {
  return signedIn ? `/create-task?type=${type}` : `/create-task?type=${type}&guest=1`;
}
