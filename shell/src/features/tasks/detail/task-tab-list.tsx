import { useRef, type KeyboardEvent } from 'react';
import type { TaskTab, TaskTabKey } from './task-tabs';

interface TaskTabListProps {
  tabs: readonly TaskTab[];
  active: TaskTabKey;
  onSelect: (key: TaskTabKey) => void;
  /** Shown beside a tab's name, e.g. the number of bids. */
  counts?: Partial<Record<TaskTabKey, number>>;
}

export const tabId = (key: TaskTabKey) => `task-tab-${key}`;
export const panelId = (key: TaskTabKey) => `task-panel-${key}`;

/** WAI-ARIA tabs: arrow keys, Home and End move between them and select (selection follows focus). */
export function TaskTabList({ tabs, active, onSelect, counts }: TaskTabListProps) {
  const refs = useRef(new Map<TaskTabKey, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    const key = tabs[next]?.key;
    if (!key) return;
    event.preventDefault();
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className="task-tabs" role="tablist" aria-label="Opgavens faner">
      {tabs.map((tab) => {
        const selected = tab.key === active;
        const count = counts?.[tab.key];
        return (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={selected}
            aria-controls={panelId(tab.key)}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'task-tabs__tab is-active' : 'task-tabs__tab'}
            onClick={() => onSelect(tab.key)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
            {count !== undefined && count > 0 && (
              <>
                {' '}
                <span className="task-tabs__count">{count}</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
