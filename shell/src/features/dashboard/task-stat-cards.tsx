import { Link } from 'react-router-dom';
import type { Role } from '@fragtbud/web';
import { useTaskCounts } from './api/count-tasks';
import { statCardsFor } from './stat-cards';

const countFormat = new Intl.NumberFormat('da-DK');

/** Clickable stat cards, each opening the task list with the filter it counted. */
export function TaskStatCards({ role }: { role: Role }) {
  const cards = statCardsFor(role);
  const counts = useTaskCounts(Object.fromEntries(cards.map((card) => [card.key, card.query])));

  return (
    <ul className="stat-cards" aria-label="Opgaver i tal">
      {cards.map((card) => {
        const count = counts.data?.[card.key];
        const shown = counts.isPending ? '…' : count === null || count === undefined ? '–' : countFormat.format(count);
        return (
          <li key={card.key}>
            <Link className={`stat-card stat-card--${card.key}`} to={card.href} aria-busy={counts.isFetching || undefined}>
              <span className="stat-card__count">{shown}</span>
              <span className="stat-card__label">{card.label}</span>
              <span className="stat-card__description">{card.description}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
