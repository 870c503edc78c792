import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '@fragtbud/web';

/** DELETE /tasks/{id} (admin). Resolves true once deleted. */
export async function deleteTask(id: number): Promise<true> {
  await api.delete(`/tasks/${id}`);
  return true;
}

/** A deleted task leaves the cache (nothing may ask for it again) and every task list is asked again. */
export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: queryKeys.task(id) });
      return client.invalidateQueries({ queryKey: queryKeys.allTasks() });
    },
  });
}
