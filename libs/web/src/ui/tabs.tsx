import { useEffect, useRef, type ReactNode } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { classNames } from './class-names';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Shown after the label (a count badge); `badgeDescription` is what a screen reader hears for it. */
  badge?: ReactNode;
  badgeDescription?: string;
}

export interface TabsProps<K extends string> {
  /** The accessible name of the tab list, e.g. 'Opgavens faner'. */
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onValueChange: (key: K) => void;
  /** The active tab's panel (only the active one is rendered). */
  children: ReactNode;
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, Radix primitives): arrow keys, Home and End move between tabs and select
 * (selection follows focus); the list is labelled, each tab controls its labelled panel. The caller owns the value,
 * so the active tab can live in the URL.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  value,
  onValueChange,
  children,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: TabsProps<K>) {
  const listRef = useRef<HTMLDivElement>(null);
  // A tab strip that scrolls sideways (a phone) keeps the active tab in view: on the first render (a deep link to the
  // last tab) and whenever it changes. Only the strip scrolls, never the page.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth || typeof list.scrollTo !== 'function') return;
    const strip = list.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    const margin = 24;
    if (tab.left < strip.left) list.scrollTo({ left: list.scrollLeft - (strip.left - tab.left) - margin });
    else if (tab.right > strip.right) list.scrollTo({ left: list.scrollLeft + (tab.right - strip.right) + margin });
  }, [value]);
  return (
    <TabsPrimitive.Root className={className} value={value} onValueChange={(next) => onValueChange(next as K)} activationMode="automatic">
      <TabsPrimitive.List ref={listRef} className={classNames('fb-tabs', listClassName)} aria-label={label}>
        {tabs.map((tab) => {
          const descriptionId = tab.badgeDescription ? `fb-tab-${tab.key}-description` : undefined;
          return (
            <TabsPrimitive.Trigger
              key={tab.key}
              value={tab.key}
              className={classNames('fb-tabs__tab', tabClassName, tab.key === value && 'is-active')}
              aria-describedby={descriptionId}
            >
              {tab.label}
              {tab.badge}
              {descriptionId && (
                <span id={descriptionId} hidden>
                  {tab.badgeDescription}
                </span>
              )}
            </TabsPrimitive.Trigger>
          );
        })}
      </TabsPrimitive.List>
      <TabsPrimitive.Content value={value} className={classNames('fb-tabs__panel', panelClassName)} tabIndex={0}>
        {children}
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}
