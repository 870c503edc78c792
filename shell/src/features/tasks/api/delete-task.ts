import { api, useApiMutation } from '@fragtbud/web';

/** DELETE /tasks/{id} (admin). Resolves true once deleted. */
export async function deleteTask(id: number): Promise<true> {
  await api.delete(`/tasks/${id}`);
  return true;
}

export function useDeleteTask() {
  return useApiMutation(deleteTask);
}
