import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@fragtbud/contracts';
import { Button, type User } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../../remotes/remote-manifest';
import { fakeTasksApi, makeTask } from '../../../testing/tasks';
import { TaskDetailPage } from './task-detail-page';
import type { PayPanelProps } from '@fragtbud/web';
import { stubRemoteContract } from '../../../testing/remote-contract';

/*
 * Where the shell mounts mfe_customer's `./PayPanel` on the task page (the real RemoteApp and manifest, the Module
 * Federation runtime mocked); the real panel has its own tests in mfe-customer.
 */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const server = setupApiServer();

const owner = makeUser({ id: 2, role: 'customer' });
const carrier = makeUser({ id: 3, role: 'carrier', is_approved: true });

const panelProps: PayPanelProps[] = [];
let payTasks: ReturnType<typeof fakeTasksApi>;

function StubPayPanel(props: PayPanelProps) {
  panelProps.push(props);
  return props.task.status === 'assigned' ? (
    <Button
      onClick={() => {
        const task = payTasks.tasks().find((t) => t.id === props.task.id);
        if (task) task.status = 'paid';
        props.onPaid();
      }}
    >
      Betal
    </Button>
  ) : null;
}

beforeEach(() => {
  panelProps.length = 0;
  resetRemoteManifest();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id); // the remote's ./contract
    if (id === 'mfe_customer/PayPanel') return { default: StubPayPanel };
    return { default: () => null }; // other pieces of the task page (bids, proofs) are not this test's business

  });
  server.use(
    http.get('/mf-manifest.json', () => HttpResponse.json({
        remotes: {
          mfe_customer: '/remotes/mfe-customer/remoteEntry.js',
          mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js',
          mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
        },
      })),
  );
});

const loadedPayPanels = () => runtime.loadRemote.mock.calls.filter(([id]) => id === 'mfe_customer/PayPanel').length;

async function renderTask(task: Task, viewer: User) {
  payTasks = fakeTasksApi([task]);
  server.use(...payTasks.handlers);
  setSession(viewer);
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/task/${task.id}`]}>
      <Routes>
        <Route path="/task/:id" element={<TaskDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('tabpanel');
}

describe('the pay panel on the task page', () => {
  it("mounts mfe_customer's PayPanel for the owner of an assigned task and reloads the task once it is paid", async () => {
    await renderTask(makeTask({ id: 5, user_id: 2, status: 'assigned', assigned_carrier_id: 3 }), owner);
    await userEvent.click(await screen.findByRole('button', { name: 'Betal' }));

    await waitFor(() => expect(panelProps.at(-1)?.task).toEqual({ id: 5, status: 'paid' }));
    expect(loadedPayPanels()).toBe(1);
    expect(payTasks.requests.filter((r) => r === 'GET /tasks/5').length).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('Betalt').length).toBeGreaterThan(0);
  });

  it('does not offer payment while the task is open for bids', async () => {
    await renderTask(makeTask({ id: 6, user_id: 2, status: 'open_for_bids' }), owner);
    // The panel has rendered the owner's actions (and any remote piece it mounts has started loading with it).
    await screen.findByRole('link', { name: 'Rediger' });
    await waitFor(() => expect(screen.queryByText('Indlæser…')).toBeNull());
    expect(loadedPayPanels()).toBe(0);
  });

  it('does not offer payment to the assigned carrier', async () => {
    await renderTask(makeTask({ id: 7, user_id: 2, status: 'assigned', assigned_carrier_id: 3 }), carrier);
    // Every remote piece the panel mounts for the carrier has loaded (a pay panel would be among them).
    await screen.findByRole('region', { name: 'Handlinger' });
    await waitFor(() => expect(screen.queryByText('Indlæser…')).toBeNull());
    expect(loadedPayPanels()).toBe(0);
  });
});
