import { screen } from '@testing-library/react';
import type { SetupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Task } from '@fragtbud/contracts';
import type { User } from '@fragtbud/web';
import { renderWithQueryClient, setSession } from '@fragtbud/web/testing';
import { TaskDetailPage } from '../features/tasks/detail/task-detail-page';
import { fakeTasksApi } from './tasks';

/**
 * The task page at /task/{id}{search} for `viewer`, the task served by the fake tasks API; resolves once a tab panel is
 * there, with that API (its requests, its tasks).
 */
export async function renderTaskPage(server: SetupServer, task: Task, viewer: User, search = '') {
  const tasks = fakeTasksApi([task]);
  server.use(...tasks.handlers);
  setSession(viewer);
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/task/${task.id}${search}`]}>
      <Routes>
        <Route path="/task/:id" element={<TaskDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('tabpanel');
  return tasks;
}
