import { EmptyState } from '@fragtbud/web';
import type { TaskTabKey } from './task-tabs';

type LaterTab = Exclude<TaskTabKey, 'details' | 'bids'>;

const TEXTS: Record<LaterTab, { title: string; text: () => string }> = {
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
export function ComingLaterPanel({ tab }: { tab: LaterTab }) {
  const { title, text } = TEXTS[tab];
  return <EmptyState title={title} message={text()} />;
}
