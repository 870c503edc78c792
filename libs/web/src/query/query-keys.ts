/**
 * The query keys of every server resource the front ends read. They name the resource, most general first, so a
 * mutation or a live event invalidates exactly what changed: invalidating `['task', 7]` also refreshes
 * `['task', 7, 'bids']`, invalidating `['tasks']` refreshes every task list whatever its filters.
 * They live here (not in one feature) because the shell and the remotes share the one QueryClient: the carrier's
 * bid panel (mfe-carrier) must refresh the bids tab the shell shows.
 */
export type TaskId = number | string;

const taskId = (id: TaskId) => Number(id);

export const queryKeys = {
  /** One task (GET /tasks/{id}); prefix of everything that belongs to the task. */
  task: (id: TaskId) => ['task', taskId(id)] as const,
  taskBids: (id: TaskId) => ['task', taskId(id), 'bids'] as const,
  taskDeletionRequests: (id: TaskId) => ['task', taskId(id), 'deletion-requests'] as const,
  taskFreightNote: (id: TaskId) => ['task', taskId(id), 'freight-note'] as const,
  taskDelivery: (id: TaskId) => ['task', taskId(id), 'delivery'] as const,
  taskPayment: (id: TaskId) => ['task', taskId(id), 'payment'] as const,
  taskReview: (id: TaskId) => ['task', taskId(id), 'review'] as const,
  /** The carriers who bid on the task, as chat partners (under the bids, so a new bid refreshes them). */
  taskBidders: (id: TaskId) => ['task', taskId(id), 'bids', 'bidders'] as const,
  /** Every task list (browse, /tasks, the dashboard's lists and counts). */
  allTasks: () => ['tasks'] as const,
  tasks: (filters: object) => ['tasks', filters] as const,
  notifications: () => ['notifications'] as const,
  chat: () => ['chat'] as const,
  /** The caller's chat threads on one task, or on every task (the header's unread count) without a task. */
  chatThreads: (id?: TaskId) => ['chat', 'threads', id === undefined ? 'all' : taskId(id)] as const,
  chatThread: (id: TaskId, partnerId: number) => ['chat', 'thread', taskId(id), partnerId] as const,
  publicReviews: () => ['reviews', 'public'] as const,
  /** Where an address lies (GET /geo/suggest, the first suggestion with coordinates), for the route map. */
  addressLocation: (address: string) => ['geo', 'location', address] as const,
  /** The admin's lists: users, carriers, counts, carrier lists, fees and task types. */
  admin: () => ['admin'] as const,
  adminUsers: (filters: object) => ['admin', 'users', filters] as const,
  adminCounts: () => ['admin', 'counts'] as const,
  adminTasks: (filters: object) => ['admin', 'tasks', filters] as const,
  carrierLists: () => ['admin', 'carrier-lists'] as const,
  platformSettings: () => ['settings', 'platform'] as const,
  taskTypes: () => ['settings', 'task-types'] as const,
} as const;

export type QueryKey = readonly unknown[];
