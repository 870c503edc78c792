import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, queryKeys, type Page, type User } from '@fragtbud/web';

/** The users list filters of API.md (`GET /users?role=`), 'all' meaning no filter. */
export type UserFilter = 'all' | 'customer' | 'carrier' | 'admin' | 'blocked';

export type UserAction = 'approve' | 'reject' | 'block' | 'unblock';

/** The list endpoint pages at most 100 (API.md conventions). */
const LIST_LIMIT = 100;

/** `search` (name, e-mail or company; API.md `q`) finds users beyond the first page. */
export async function listUsers(filter: UserFilter, signal?: AbortSignal, search = ''): Promise<User[]> {
  const page = await api.get<Page<User>>('/users', {
    query: { role: filter === 'all' ? undefined : filter, q: search.trim() || undefined, limit: LIST_LIMIT },
    signal,
  });
  return page?.items ?? [];
}

export async function runUserAction(userId: number, action: UserAction): Promise<User> {
  const { user } = await api.put<{ user: User }>(`/admin/users/${userId}/${action}`);
  return user;
}

export async function deleteUser(userId: number): Promise<void> {
  await api.delete(`/users/${userId}`);
}

/**
 * After a user was approved, rejected, blocked, unblocked or deleted: every users and carriers list of the admin
 * (whatever its filter or search) and the tab counts are asked again; the server's answer is what the lists show.
 */
function useUsersChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.adminUsersAll() }),
      client.invalidateQueries({ queryKey: queryKeys.adminCounts() }),
    ]);
}

/** PUT /admin/users/{id}/{action}: approve, reject, block or unblock; resolves with the changed user. */
export function useUserAction() {
  const usersChanged = useUsersChanged();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: number; action: UserAction }) => runUserAction(userId, action),
    onSuccess: usersChanged,
  });
}

/** DELETE /users/{id}. */
export function useDeleteUser() {
  const usersChanged = useUsersChanged();
  return useMutation({ mutationFn: (userId: number) => deleteUser(userId), onSuccess: usersChanged });
}

export function matchesFilter(user: User, filter: UserFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'blocked') return Boolean(user.is_blocked);
  return user.role === filter;
}

export const usersQueryOptions = (filter: UserFilter, search = '') =>
  queryOptions({
    queryKey: queryKeys.adminUsers(search.trim() ? { filter, q: search.trim() } : { filter }),
    queryFn: ({ signal }) => listUsers(filter, signal, search),
  });

/** GET /users?role=&q= for the users and carriers tabs. */
export const useUsers = (filter: UserFilter, search = '') => useQuery(usersQueryOptions(filter, search));

/** GET /users/{id} (admin): one user, or null when there is no user with that id. */
export async function getUser(userId: number, signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User }>(`/users/${userId}`, { signal });
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** One user by id, e.g. to name the person an id typed into a money action reaches; nothing asked for without an id. */
export const useUser = (userId: number | null) =>
  useQuery({
    queryKey: queryKeys.adminUsers({ id: userId }),
    queryFn: ({ signal }) => getUser(userId as number, signal),
    enabled: userId !== null,
  });
