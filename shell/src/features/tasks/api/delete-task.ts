import { api, useApiMutation } from '@fragtbud/web';

/** DELETE /tasks/{id} (admin). */
export async function deleteTask(id: number): Promise<void> {
  await api.delete(`/tasks/${id}`);
}

export function useDeleteTask() {
  return useApiMutation(deleteTask);
}
