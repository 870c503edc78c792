import type { TaskType } from '@fragtbud/contracts';
import { isTaskType } from '../domain/task-types';

const PATHS: Record<TaskType, string> = {
  moving: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5.5h4V20',
  courier: 'M13 3 5 13.5h6L10 21l8-10.5h-6L13 3Z',
  package: 'M12 3 4 7v10l8 4 8-4V7l-8-4Zm0 0v0M4 7l8 4 8-4M12 11v10',
  furniture: 'M4 11V8.5A2.5 2.5 0 0 1 6.5 6h11A2.5 2.5 0 0 1 20 8.5V11M3 11h18v6H3zM5 17v2.5M19 17v2.5M7 11v3h10v-3',
  fullload: 'M2.5 17V6.5h11V17M13.5 10h4.3l3.7 3.8V17h-8M6.5 19.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM17.5 19.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
};

/** A line icon for a task type (decorative: the type's name is always written beside it). */
export function TaskTypeIcon({ type, size = 28 }: { type: string; size?: number }) {
  const path = isTaskType(type) ? PATHS[type] : PATHS.package;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
