import { Link } from 'react-router-dom';

export interface TaskLinkProps {
  taskId: number | null;
  /** The task by type and route ('Flytning · Aarhus C → København K'), as the ledger names it; null while unknown. */
  title?: string | null;
}

/** A money row's task, named and linked to its page ('#12' while its name is not known); '–' for a row without one. */
export function TaskLink({ taskId, title }: TaskLinkProps) {
  if (taskId === null) return <>–</>;
  return <Link to={`/task/${taskId}`}>{title ?? `#${taskId}`}</Link>;
}
