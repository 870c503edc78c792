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
 * before bids for them; chat is hidden from anyone not signed in.
 */
export function taskTabsFor(role: Role | null): TaskTab[] {
  const order: TaskTabKey[] = role === 'carrier' ? ['details', 'chat', 'bids', 'consignment'] : ['details', 'bids', 'chat', 'consignment'];
  return order.filter((key) => key !== 'chat' || role !== null).map((key) => ({ key, label: LABELS[key] }));
}

export function activeTaskTab(requested: string | null, tabs: readonly TaskTab[]): TaskTabKey {
  return tabs.find((tab) => tab.key === requested)?.key ?? 'details';
}
