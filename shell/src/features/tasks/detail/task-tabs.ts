import type { Role } from '@fragtbud/web';

export type TaskTabKey = 'details' | 'bids' | 'chat' | 'consignment';

export interface TaskTab {
  key: TaskTabKey;
  label: string;
}

const LABELS: Record<TaskTabKey, string> = {
  details: 'Detaljer',
  bids: 'Bud',
  chat: 'Chat',
  consignment: 'Fragtbrev',
};

/**
 * The tabs of the task page and their order (spec section 2): carriers work from the conversation, so chat comes
 * before bids for them; chat is hidden from anyone not signed in. A customer looking at someone else's task has no
 * conversation and no consignment note there (the server refuses both), so those tabs are not offered.
 */
export function taskTabsFor(role: Role | null, { ownsTask = false }: { ownsTask?: boolean } = {}): TaskTab[] {
  const order: TaskTabKey[] = role === 'carrier' ? ['details', 'chat', 'bids', 'consignment'] : ['details', 'bids', 'chat', 'consignment'];
  const outsider = role === 'customer' && !ownsTask;
  return order
    .filter((key) => (key !== 'chat' || role !== null) && !(outsider && (key === 'chat' || key === 'consignment')))
    .map((key) => ({ key, label: LABELS[key] }));
}

export function activeTaskTab(requested: string | null, tabs: readonly TaskTab[]): TaskTabKey {
  return tabs.find((tab) => tab.key === requested)?.key ?? 'details';
}
