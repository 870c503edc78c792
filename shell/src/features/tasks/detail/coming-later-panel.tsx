import type { Task } from '@fragtbud/contracts';
import { EmptyState } from '@fragtbud/web';
import type { TaskTabKey } from './task-tabs';

const TEXTS: Record<Exclude<TaskTabKey, 'details'>, { title: string; text: (task: Pick<Task, 'bid_count'>) => string }> = {
  bids: {
    title: 'Bud kommer snart',
    text: (task) =>
      `Opgaven har ${task.bid_count === 1 ? '1 bud' : `${task.bid_count} bud`}. Her kommer du til at se buddene og, som vognmand, afgive dit eget.`,
  },
  chat: {
    title: 'Chat kommer snart',
    text: () => 'Her kommer du til at skrive med kunden eller vognmanden om opgaven.',
  },
  consignment: {
    title: 'Fragtbrev kommer snart',
    text: () => 'Her kommer det digitale fragtbrev med afsender, modtager, gods og bevis for afhentning og levering.',
  },
};

/** An honest placeholder for a tab that a later issue fills. */
export function ComingLaterPanel({ tab, task }: { tab: Exclude<TaskTabKey, 'details'>; task: Pick<Task, 'bid_count'> }) {
  const { title, text } = TEXTS[tab];
  return <EmptyState title={title} message={text(task)} />;
}
