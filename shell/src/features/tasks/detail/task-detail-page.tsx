import { Link, useParams, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import {
  ErrorState,
  Spinner,
  Tabs,
  TaskStatusBadge,
  TaskStatusProgress,
  formatDate,
  isApiError,
  taskTypeLabel,
  useSession,
  type PhotoPickerProps,
} from '@fragtbud/web';
import { useDocumentTitle } from '../../../routing/use-document-title';
import { ChatTab } from '../../chat';
import { useTask } from '../api/get-task';
import { useTaskChanged } from '../api/task-cache';
import { BidsTab } from './bids/bids-tab';
import { ChatBidList } from './bids/chat-bid-list';
import { ConsignmentTab } from './consignment/consignment-tab';
import { TaskDetailsTab } from './task-details-tab';
import { isTaskOwner } from './task-access';
import { activeTaskTab, taskTabsFor, type TaskTabKey } from './task-tabs';
import './task-detail.css';

export const TASK_LOAD_ERROR = 'Kunne ikke hente opgave';

interface TaskDetailPageProps {
  /** For tests: photo uploads without a browser canvas. */
  upload?: PhotoPickerProps['upload'];
  prepare?: PhotoPickerProps['prepare'];
}

function BackLink() {
  return <Link to="/BrowseTasks">Tilbage til opgaver</Link>;
}

/** /task/{id}: status progress, then the tabs of spec section 2 with the details tab complete. */
export function TaskDetailPage({ upload, prepare }: TaskDetailPageProps = {}) {
  const { id = '' } = useParams();
  const valid = /^\d{1,15}$/.test(id) && Number(id) > 0;
  const taskId = valid ? Number(id) : null;
  const viewer = useSession((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: task, error, refetch } = useTask(taskId);
  const taskChanged = useTaskChanged();
  const reload = () => void refetch();
  useDocumentTitle(task ? `${taskTypeLabel(task.type)} #${task.id}` : valid ? `Opgave #${id}` : 'Opgave');

  if (!valid || (isApiError(error) && error.status === 400 && error.serverMessage === messages.invalidTaskId)) {
    return (
      <div className="fb-container page">
        <ErrorState message={messages.invalidTaskId}>
          <BackLink />
        </ErrorState>
      </div>
    );
  }
  if (error && !(task && task.id === taskId)) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <div className="fb-container page">
        {notFound ? (
          <ErrorState message={messages.taskNotFound}>
            <BackLink />
          </ErrorState>
        ) : (
          <ErrorState message={TASK_LOAD_ERROR} onRetry={reload}>
            {isApiError(error) && (error.status === 401 || error.status === 403) && <p className="fb-state__message">{error.message}</p>}
          </ErrorState>
        )}
      </div>
    );
  }
  if (!task || task.id !== taskId) {
    return (
      <div className="page-loading">
        <Spinner label="Henter opgave…" />
      </div>
    );
  }

  const tabs = taskTabsFor(viewer?.role ?? null, { ownsTask: isTaskOwner(task, viewer) });
  const active = activeTaskTab(searchParams.get('tab'), tabs);
  const selectTab = (key: TaskTabKey) => {
    const next = new URLSearchParams(searchParams);
    if (key === 'details') next.delete('tab');
    else next.set('tab', key);
    setSearchParams(next);
  };

  return (
    <div className="fb-container page task-page">
      <header className="task-page__header">
        <div>
          <h1 className="task-page__title">
            {taskTypeLabel(task.type)} <span className="task-page__id">#{task.id}</span>
          </h1>
          <p className="task-page__meta">
            <TaskStatusBadge status={task.status} />
            <span>Oprettet {formatDate(task.created_at)}</span>
          </p>
        </div>
      </header>

      <TaskStatusProgress status={task.status} />

      <Tabs
        label="Opgavens faner"
        tabs={tabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          badge:
            tab.key === 'bids' && task.bid_count > 0 ? (
              <>
                {' '}
                <span className="task-tabs__count">{task.bid_count}</span>
              </>
            ) : undefined,
        }))}
        value={active}
        onValueChange={selectTab}
        listClassName="task-tabs"
        tabClassName="task-tabs__tab"
        panelClassName="task-panel"
      >
        {active === 'details' ? (
          <TaskDetailsTab task={task} viewer={viewer} onChanged={taskChanged} upload={upload} prepare={prepare} />
        ) : active === 'bids' ? (
          <BidsTab task={task} viewer={viewer} />
        ) : active === 'consignment' ? (
          <ConsignmentTab
            taskId={task.id}
            signedIn={viewer !== null}
            taskStatus={task.status}
            carrier={viewer?.role === 'carrier' ? { biddingOpen: task.status === 'open_for_bids' } : undefined}
          />
        ) : (
          // Spec section 2: 'chat panel plus bid list'.
          viewer && (
            <div className="task-chat">
              <ChatTab task={task} viewer={viewer} />
              <ChatBidList task={task} viewer={viewer} />
            </div>
          )
        )}
      </Tabs>
    </div>
  );
}
