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
  /** The task and its bids as a guest's mailed link shows them (GET …?access=), read-only. */
  taskViaGuestLink: (id: TaskId) => ['task', taskId(id), 'guest-link'] as const,
  taskBidsViaGuestLink: (id: TaskId) => ['task', taskId(id), 'bids', 'guest-link'] as const,
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
  /** Every thread of one task (by partner, and a carrier's thread with the customer): what says whether chat is locked. */
  taskChatThreads: (id: TaskId) => ['chat', 'thread', taskId(id)] as const,
  publicReviews: () => ['reviews', 'public'] as const,
  /** Public carrier profiles: one carrier's page, and the summaries a bid table asks for in one call. */
  carrier: (id: number) => ['carriers', id] as const,
  carrierSummaries: (ids: readonly number[]) => ['carriers', 'summaries', [...ids].sort((a, b) => a - b).join(',')] as const,
  /** Where an address lies (GET /geo/suggest, the first suggestion with coordinates), for the route map. */
  addressLocation: (address: string) => ['geo', 'location', address] as const,
  /** The admin's lists: users, carriers, counts, carrier lists, fees and task types. */
  admin: () => ['admin'] as const,
  /** Every users or carriers list of the admin, whatever its filter (a carrier's approval state changed). */
  adminUsersAll: () => ['admin', 'users'] as const,
  adminUsers: (filters: object) => ['admin', 'users', filters] as const,
  adminCounts: () => ['admin', 'counts'] as const,
  adminTasks: (filters: object) => ['admin', 'tasks', filters] as const,
  /** A carrier's insurance documents, as the admin reviews them (GET /admin/users/{id}/insurance). */
  adminCarrierInsurance: (carrierId: number) => ['admin', 'insurance', carrierId] as const,
  carrierLists: () => ['admin', 'carrier-lists'] as const,
  /** The admin's money screens: the ledger (filters and page), the financial overview, carriers' billing changes. */
  adminLedgers: () => ['admin', 'ledger'] as const,
  adminLedger: (filters: object) => ['admin', 'ledger', filters] as const,
  adminFinancial: () => ['admin', 'financial'] as const,
  allAdminBillingChanges: () => ['admin', 'billing-changes'] as const,
  adminBillingChanges: (status: string) => ['admin', 'billing-changes', status] as const,
  /** The admin's inbox of deletion requests (GET /admin/deletion-requests?status=), every status under one prefix. */
  allAdminDeletionRequests: () => ['admin', 'deletion-requests'] as const,
  adminDeletionRequests: (status: string) => ['admin', 'deletion-requests', status] as const,
  /** The signed-in user's own data (profile tabs, finance, payments); prefix of all of it. */
  me: () => ['me'] as const,
  myBilling: () => ['me', 'billing'] as const,
  myBillingChange: () => ['me', 'billing-change'] as const,
  myBank: () => ['me', 'bank'] as const,
  myInsurance: () => ['me', 'insurance'] as const,
  myTwoFactor: () => ['me', 'two-factor'] as const,
  mySessions: () => ['me', 'sessions'] as const,
  /** The caller's OpenID Connect links (GET /auth/oidc/links). */
  myOidcLinks: () => ['me', 'oidc-links'] as const,
  /** The carrier's balance, pending payout and rows (GET /finance/me). */
  myFinance: () => ['me', 'finance'] as const,
  /** The carrier's load alerts (GET /alerts). */
  myAlerts: () => ['me', 'alerts'] as const,
  /** The carrier's vehicles and coverage regions (GET /carrier/profile). */
  myFieldProfile: () => ['me', 'field-profile'] as const,
  /** The customer's payment history and ledger adjustments. */
  myPayments: () => ['me', 'payments'] as const,
  oidcConfig: () => ['auth', 'oidc-config'] as const,
  devMail: (to: string) => ['dev-mail', to] as const,
  /** Which list one carrier is on, as the task page shows it to admins (under the lists, so their changes refresh it). */
  carrierListAssignment: (carrierId: number) => ['admin', 'carrier-lists', 'assignment', carrierId] as const,
  platformSettings: () => ['settings', 'platform'] as const,
  /** The site's public facts (GET /site): contact, company, links. */
  siteInfo: () => ['site'] as const,
  /** An e-mail confirmation link being used (GET /auth/verify-email?token=); never refreshed by other changes. */
  emailVerification: (token: string) => ['verify-email', token] as const,
  /** The card provider's return to the site after 3-D Secure, by what it put in the address. */
  paymentReturn: (input: object) => ['payment-return', input] as const,
  /** One payment attempt of the customer on a task: the intent, then its polling until paid. */
  paymentIntent: (id: TaskId, attempt: number | string) => ['payment-intent', taskId(id), attempt] as const,
  paymentPoll: (id: TaskId, attempt: number | string) => ['payment-poll', taskId(id), attempt] as const,
  /** The carrier's payout for a net price on a task (GET /pricing/quote). */
  payoutQuote: (id: TaskId, net: unknown) => ['pricing', 'quote', { taskId: taskId(id), net }] as const,
  /** A company as the CVR register has it (GET /cvr/{nr}). */
  company: (cvrNumber: string) => ['cvr', cvrNumber] as const,
  /** Whether one side has rated the task (GET /ratings?taskId&userType), under the task's review. */
  taskRatings: (id: TaskId, side: string) => ['task', taskId(id), 'review', side] as const,
  /** Address suggestions for what was typed (GET /geo/suggest). */
  addressSuggestions: (text: string) => ['address-suggestions', text] as const,
  /** The proofs of pickup and delivery on a task (under its delivery). */
  taskProofs: (id: TaskId) => ['task', taskId(id), 'delivery', 'proofs'] as const,
  /** The signed-in user's unread notifications (the bar), per user. */
  unreadNotifications: (userId: number) => ['notifications', { userId, unread: true }] as const,
  /** A carrier's thread with the task's customer (GET /chat/messages?taskId without a partner). */
  customerThread: (id: TaskId) => ['chat', 'thread', taskId(id), 'customer'] as const,
  /** The header's unread chats, per user (under every task's threads, so chat events refresh it). */
  unreadChats: (userId: number | null) => ['chat', 'threads', 'all', userId] as const,
  /** Every thread list (a task's and the header's), what a sent or read message changes. */
  allChatThreads: () => ['chat', 'threads'] as const,
  taskTypes: () => ['settings', 'task-types'] as const,
} as const;

export type QueryKey = readonly unknown[];
