import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, ERROR_MESSAGES, queryKeys } from '@fragtbud/web';

/** A task type's own bid limit (spec section 3 "Task type setting"). */
export interface TaskTypeSetting {
  type: string;
  maxBids: number;
}

const taskTypeSettingSchema = z.object({ type: z.string(), maxBids: z.number() });
// API.md does not fix the list's envelope: the usual `{items}` and a bare array are both read.
const taskTypeListSchema = z.union([z.array(taskTypeSettingSchema), z.object({ items: z.array(taskTypeSettingSchema) })]);

const pathOf = (type: string) => `/admin/task-types/${encodeURIComponent(type)}`;

export async function listTaskTypes(signal?: AbortSignal): Promise<TaskTypeSetting[]> {
  const answer = await api.get<unknown>('/admin/task-types', { signal });
  const parsed = taskTypeListSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'invalid_response', message: ERROR_MESSAGES.unexpectedResponse });
  }
  const items = Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
  return items.map(({ type, maxBids }) => ({ type, maxBids }));
}

/** The answer of a change, or what was sent when the endpoint answers without a usable body. */
function settingFrom(answer: unknown, sent: TaskTypeSetting): TaskTypeSetting {
  const parsed = taskTypeSettingSchema.safeParse(answer);
  return parsed.success ? { type: parsed.data.type, maxBids: parsed.data.maxBids } : sent;
}

export async function createTaskType(setting: TaskTypeSetting): Promise<TaskTypeSetting> {
  return settingFrom(await api.post<unknown>('/admin/task-types', setting), setting);
}

export async function updateTaskType(setting: TaskTypeSetting): Promise<TaskTypeSetting> {
  return settingFrom(await api.put<unknown>(pathOf(setting.type), setting), setting);
}

export async function deleteTaskType(type: string): Promise<void> {
  await api.delete(pathOf(type));
}

/** After a type's bid limit was added, changed or deleted: the types are asked again (the answer is what shows). */
function useTaskTypeMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.taskTypes() }) });
}

/** POST /admin/task-types. */
export const useCreateTaskType = () => useTaskTypeMutation(createTaskType);
/** PUT /admin/task-types/{type}. */
export const useUpdateTaskType = () => useTaskTypeMutation(updateTaskType);
/** DELETE /admin/task-types/{type}. */
export const useDeleteTaskType = () => useTaskTypeMutation(deleteTaskType);
