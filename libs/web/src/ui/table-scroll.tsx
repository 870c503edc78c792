import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { classNames } from './class-names';

export interface HorizontalOverflow {
  /** Columns hidden to the left (scrolled past) and to the right (not yet reached). */
  left: boolean;
  right: boolean;
}

/** Whether an element's content runs past its left or right edge; follows scrolling and resizing. */
export function useHorizontalOverflow<E extends HTMLElement>(): [(element: E | null) => void, HorizontalOverflow] {
  const [overflow, setOverflow] = useState<HorizontalOverflow>({ left: false, right: false });
  const cleanup = useRef<(() => void) | null>(null);
  const ref = useCallback((element: E | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollWidth - element.clientWidth - element.scrollLeft > 1;
      setOverflow((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    window.addEventListener('resize', measure);
    cleanup.current = () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  useEffect(() => () => cleanup.current?.(), []);
  return [ref, overflow];
}

export const tableScrollHint = 'Rul til siden for flere kolonner →';

export interface TableScrollProps {
  /** Names the scroll region for screen readers. */
  label: string;
  /** On the outer element, which carries `is-more-left` / `is-more-right` while columns are out of view. */
  className?: string;
  children: ReactNode;
}

/**
 * A wide table's scroll region (focusable, so the keyboard can scroll it) that says when columns are out of view: a
 * shadow on the edge that hides some, and a line under it while columns wait to the right.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  const [ref, overflow] = useHorizontalOverflow<HTMLDivElement>();
  return (
    <div className={classNames('fb-table-scroll', className, overflow.left && 'is-more-left', overflow.right && 'is-more-right')}>
      <div ref={ref} className="fb-table-wrap" tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
      {overflow.right && (
        <p className="fb-table-scroll__hint" aria-hidden="true">
          {tableScrollHint}
        </p>
      )}
    </div>
  );
}
